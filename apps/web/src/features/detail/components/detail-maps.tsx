import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReportMapType, TSite } from '@riskatlas/domain';
import { AtlasMap, MAP_ZOOM, type MapOverlay, type MapPoint } from '../../../components/map';
import { loadReportMap } from '../api/get-report-map';

const MAP_HEIGHT = 240;
const CELL_OPACITY = 0.45;

/** What the report's score cells were computed for, once they have loaded. */
interface CellsInfo {
  releaseYear: number;
  cellMiles: number;
}

/** The score cells of one map as an overlay under the site's dot; the latest load wins when the methodology or type changes. */
function cellsOverlay(siteId: number, type: ReportMapType, methodology: number, onLoaded: (info: CellsInfo | null) => void): MapOverlay {
  return {
    id: `report-cells-${type}`,
    dataKey: `${siteId}:${type}:${methodology}`,
    data: async (signal) => {
      const cells = await loadReportMap(siteId, type, methodology, signal);
      onLoaded({ releaseYear: cells.releaseYear, cellMiles: cells.cellMiles });
      return cells;
    },
    style: { kind: 'fill', opacity: CELL_OPACITY },
    tooltipProperty: 'score',
    // A failed load clears the cells; the site itself stays on the map.
    onError: () => onLoaded(null),
  };
}

/** One map: a title, the site on the product's map with its score cells, and what the cells stand for. */
function ReportMap(props: { title: string; site: TSite; points: MapPoint[]; selected: ReadonlySet<number>; zoom: number; overlay: MapOverlay | null; info: CellsInfo | null; shownRelease: number | undefined; controls?: ReactNode }) {
  const { site, info } = props;
  const coordinates = `${site.latitude.toFixed(7)}, ${site.longitude.toFixed(7)}`;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {props.title}
        </Typography>
        {props.controls}
      </Box>
      <AtlasMap
        view={{ center: { latitude: site.latitude, longitude: site.longitude }, zoom: props.zoom }}
        points={props.points}
        selectedIds={props.selected}
        overlays={props.overlay ? [props.overlay] : []}
        height={MAP_HEIGHT}
        label={`${props.title}, ${site.siteName}`}
        fallbackDetails={coordinates}
      />
      {info ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {`Score cells ${info.cellMiles} mi wide, ${info.releaseYear} release (the site's latest report)`}
          {props.shownRelease !== undefined && props.shownRelease !== info.releaseYear ? '; the report above is an earlier release.' : '.'}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Maps A and B: the site on the product's map, A close up with Total Crime score cells around it,
 * B wider with the cells of crimes against persons or property. Without a report with a map
 * (releases 2006 and earlier have none) they show the site only.
 */
export function DetailMaps({ site, methodology, report }: { site: TSite; methodology: number | undefined; report: { releaseYear: number; hasMap: boolean } | undefined }) {
  const [typeB, setTypeB] = useState<Exclude<ReportMapType, 'overall'>>('persons');
  const [infoA, setInfoA] = useState<CellsInfo | null>(null);
  const [infoB, setInfoB] = useState<CellsInfo | null>(null);
  // The site is drawn ringed in the theme's colour, so it stands out on cells coloured by score.
  const points = useMemo<MapPoint[]>(() => [{ id: site.siteId, latitude: site.latitude, longitude: site.longitude, label: site.siteName }], [site]);
  const selected = useMemo(() => new Set([site.siteId]), [site.siteId]);
  const withCells = report?.hasMap === true && methodology !== undefined;
  const overlayA = useMemo(() => (withCells ? cellsOverlay(site.siteId, 'overall', methodology, setInfoA) : null), [withCells, site.siteId, methodology]);
  const overlayB = useMemo(() => (withCells ? cellsOverlay(site.siteId, typeB, methodology, setInfoB) : null), [withCells, site.siteId, typeB, methodology]);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr' }, gap: 2 }}>
      <ReportMap title="Map A: Total Crime" site={site} points={points} selected={selected} zoom={MAP_ZOOM.site} overlay={overlayA} info={withCells ? infoA : null} shownRelease={report?.releaseYear} />
      <ReportMap
        title={`Map B: ${typeB === 'persons' ? 'Crimes Against Persons' : 'Crimes Against Property'}`}
        site={site}
        points={points}
        selected={selected}
        zoom={MAP_ZOOM.county}
        overlay={overlayB}
        info={withCells ? infoB : null}
        shownRelease={report?.releaseYear}
        controls={
          withCells ? (
            <ToggleButtonGroup size="small" exclusive value={typeB} onChange={(_event, value: typeof typeB | null) => value && setTypeB(value)} aria-label="Map B shows">
              <ToggleButton value="persons">Persons</ToggleButton>
              <ToggleButton value="property">Property</ToggleButton>
            </ToggleButtonGroup>
          ) : null
        }
      />
    </Box>
  );
}
