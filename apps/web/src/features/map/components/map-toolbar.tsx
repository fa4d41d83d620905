import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import LinkIcon from '@mui/icons-material/Link';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { COUNTRIES, methodologyOf, siteMapStyleName, type SiteMapStyle } from '@riskatlas/domain';
import { goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';

/** Pages the quick links menu opens. */
const QUICK_LINKS: readonly { label: string; page: string; params?: Record<string, string> }[] = [
  { label: 'Site Library', page: PageId.Sites },
  { label: 'Select Multiple Sites', page: PageId.SelectMultipleSites, params: { from: PageId.Map } },
  { label: 'Batches', page: PageId.Batches },
  { label: 'Help & Support', page: PageId.Help },
];

function QuickLinks() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button size="small" startIcon={<LinkIcon />} aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
        Quick links
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {QUICK_LINKS.map((link) => (
          <MenuItem
            key={link.label}
            onClick={() => {
              setAnchor(null);
              goToPage(link.page, link.params);
            }}
          >
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The Map page's controls above the map: the search bar, methodology, country, the site map style
 * (cycles; shown while a site is selected), the layers panel switch and quick links.
 */
export function MapToolbar(props: {
  search: ReactNode;
  methodology: number;
  methodologies: readonly number[];
  onMethodology: (id: number) => void;
  countryId: number;
  onCountry: (id: number) => void;
  siteStyle: SiteMapStyle | null;
  onCycleStyle: () => void;
  layersOpen: boolean;
  onToggleLayers: () => void;
}) {
  return (
    <Paper elevation={0} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 1 }} role="toolbar" aria-label="Map options">
      {props.search}
      <TextField select size="small" label="Methodology" value={props.methodology} onChange={(event) => props.onMethodology(Number(event.target.value))} sx={{ minWidth: 180 }}>
        {props.methodologies.map((id) => (
          <MenuItem key={id} value={id}>
            {methodologyOf(id)?.name ?? `Methodology ${id}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Country" value={props.countryId} onChange={(event) => props.onCountry(Number(event.target.value))} sx={{ minWidth: 150 }}>
        {COUNTRIES.map((country) => (
          <MenuItem key={country.countryId} value={country.countryId}>
            {country.name}
          </MenuItem>
        ))}
      </TextField>
      {props.siteStyle !== null && (
        <Button variant="outlined" startIcon={<PaletteOutlinedIcon />} onClick={props.onCycleStyle} aria-label={`Site style: ${siteMapStyleName(props.siteStyle)} (change)`}>
          Style: {siteMapStyleName(props.siteStyle)}
        </Button>
      )}
      <Button variant={props.layersOpen ? 'contained' : 'outlined'} startIcon={<LayersOutlinedIcon />} aria-pressed={props.layersOpen} onClick={props.onToggleLayers}>
        Layers
      </Button>
      <QuickLinks />
    </Paper>
  );
}
