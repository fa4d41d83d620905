import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { SearchField } from '../../../components/search-field';

/** One line of the search help: what to type and what it finds. */
const HELP: readonly [string, string][] = [
  ['warehouse north', 'sites with both words anywhere: name, address, tags, notes, external id…'],
  ['"main street"', 'the exact phrase'],
  ['city:Chicago', 'a field: name, tags, notes, ct, street, city, state, zipCode, country, eid, classes, lrr, hasReport, scoreRange2…'],
  ['city:Chicago;Denver', 'either value (semicolons separate alternatives)'],
  ['zipCode:60600-60699', 'a range of numbers'],
  ['scoreRange2:400-2000', 'a score range of one methodology'],
  ['country:"united states"', 'a country by name or code (country:Mexico, country:UK, country:CA)'],
  ['eid:null', 'sites without a value'],
  ['lrr:2025', 'last report in 2025 (also lrr:>=2025-06-01)'],
  ['#VIP', 'sites tagged VIP'],
  ['@Retail', 'sites in a classification'],
  ['OR #VIP #Flagship', 'a leading OR: any term is enough'],
];

/**
 * The search bar of the Site Library (the site filter's search text). The text is parsed and
 * matched by packages/domain in the browser; the help lists the syntax with examples.
 */
export function SiteSearchBar({ value, onChange, externalIdName }: { value: string; onChange: (value: string) => void; externalIdName: string }) {
  const [help, setHelp] = useState<HTMLElement | null>(null);
  const eidField = externalIdName.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return (
    <>
      <SearchField
        label="Search sites"
        placeholder="Words, &quot;phrases&quot;, field:value, #tag, @class"
        value={value}
        onChange={onChange}
        sx={{ flex: '1 1 320px', minWidth: 220, maxWidth: 640 }}
        end={
          <IconButton size="small" edge="end" aria-label="Search help" onClick={(event) => setHelp(event.currentTarget)}>
            <HelpOutlineIcon fontSize="small" />
          </IconButton>
        }
      />
      <Popover
        open={help !== null}
        anchorEl={help}
        onClose={() => setHelp(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Search help', sx: { p: 2, maxWidth: 480 } } }}
      >
        <Typography variant="subtitle2" component="h2" gutterBottom>
          Searching sites
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}>
          {HELP.map(([example, meaning]) => (
            <Box key={example} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', whiteSpace: 'nowrap' }}>
                {example}
              </Box>
              <Box component="dd" sx={{ m: 0, fontSize: '0.875rem' }}>
                {meaning}
              </Box>
            </Box>
          ))}
        </Box>
        {eidField && eidField !== 'eid' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The external id can also be searched as {eidField}:value.
          </Typography>
        ) : null}
      </Popover>
    </>
  );
}
