import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TSite } from '@riskatlas/domain';
import { AtlasMap, type MapPoint } from '../../../components/map';

/** Map A shows the site's street-level surroundings, map B its county: the zooms the product uses for a site and for a county. */
const SITE_ZOOM = 13;
const COUNTY_ZOOM = 11;
const MAP_HEIGHT = 240;

/** Maps A and B: the site on the product's map, close up and in its wider area. */
export function DetailMaps({ site, color }: { site: TSite; color: string | undefined }) {
  const center = { latitude: site.latitude, longitude: site.longitude };
  const points: MapPoint[] = [{ id: site.siteId, latitude: site.latitude, longitude: site.longitude, label: site.siteName, ...(color ? { color } : {}) }];
  const coordinates = `${site.latitude.toFixed(7)}, ${site.longitude.toFixed(7)}`;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr' }, gap: 2 }}>
      {[
        { key: 'a', title: 'Map A: the site', zoom: SITE_ZOOM },
        { key: 'b', title: 'Map B: the wider area', zoom: COUNTY_ZOOM },
      ].map((map) => (
        <Box key={map.key}>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {map.title}
          </Typography>
          <AtlasMap view={{ center, zoom: map.zoom }} points={points} height={MAP_HEIGHT} label={`${map.title}, ${site.siteName}`} fallbackDetails={coordinates} />
        </Box>
      ))}
    </Box>
  );
}
