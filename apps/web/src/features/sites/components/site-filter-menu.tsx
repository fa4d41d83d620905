import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import { COUNTRIES, COUNTRY_RELEASES, CURRENT_RELEASE, CURRENT_RELEASE_YEAR, isCountryId, releaseYearList, TagMode, type TCurrentUser } from '@riskatlas/domain';
import { isSupportUser } from './bulk-actions';

/** "Default" in the provider's release list: the current release as the account's default. */
const DEFAULT_RELEASE = 0;

/**
 * The release years offered: the current release and ten before it (11 years in all); provider
 * staff get every year back to the country's first release and a Default choice. Without a
 * country chosen, the years of the United States.
 */
function releaseChoices(user: Pick<TCurrentUser, 'capMode' | 'impersonationMode'>, countryId: number | null): { value: number; label: string }[] {
  const country = countryId !== null && isCountryId(countryId) ? countryId : 1;
  const years = isSupportUser(user)
    ? Array.from({ length: CURRENT_RELEASE_YEAR - COUNTRY_RELEASES[country].firstRelease + 1 }, (_, i) => CURRENT_RELEASE_YEAR - i)
    : releaseYearList(country);
  return [
    { value: CURRENT_RELEASE, label: 'Current release' },
    ...(isSupportUser(user) ? [{ value: DEFAULT_RELEASE, label: 'Default' }] : []),
    ...years.map((year) => ({ value: year, label: String(year) })),
  ];
}

/** The words of the filter button. */
function filterSummary(countryId: number | null, release: number): string {
  const country = COUNTRIES.find((item) => item.countryId === countryId)?.name ?? 'All countries';
  const year = release === CURRENT_RELEASE ? 'Current release' : release === DEFAULT_RELEASE ? 'Default release' : `${release} release`;
  return `${country} · ${year}`;
}

/**
 * The country and release-year filter menu: which country's sites the library lists
 * (all by default), which release's reports its scores and report columns show, and the tag mode
 * of the search (all the #tags, any of them, or sites without tags).
 */
export const SiteFilterMenu = memo(function SiteFilterMenu(props: {
  user: TCurrentUser;
  countryId: number | null;
  release: number;
  tagMode: number;
  onCountry: (countryId: number | null) => void;
  onRelease: (release: number) => void;
  onTagMode: (tagMode: number) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choices = releaseChoices(props.user, props.countryId);
  // A year outside the list (typed into the URL) still shows as itself.
  const releaseOptions = choices.some((choice) => choice.value === props.release) ? choices : [...choices, { value: props.release, label: String(props.release) }];
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        data-testid="site-filter-button"
      >
        {filterSummary(props.countryId, props.release)}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Site filter', sx: { p: 2, width: 300 } } }}
      >
        <Typography variant="subtitle2" component="h2" gutterBottom>
          Site filter
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
          <FormControl fullWidth size="small">
            <InputLabel id="site-filter-country">Country</InputLabel>
            <Select
              labelId="site-filter-country"
              label="Country"
              value={props.countryId === null ? 'all' : String(props.countryId)}
              onChange={(event) => props.onCountry(event.target.value === 'all' ? null : Number(event.target.value))}
            >
              <MenuItem value="all">All countries</MenuItem>
              {COUNTRIES.map((country) => (
                <MenuItem key={country.countryId} value={String(country.countryId)}>
                  {country.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl fullWidth size="small">
            <InputLabel id="site-filter-release">Release year</InputLabel>
            <Select labelId="site-filter-release" label="Release year" value={String(props.release)} onChange={(event) => props.onRelease(Number(event.target.value))}>
              {releaseOptions.map((choice) => (
                <MenuItem key={choice.value} value={String(choice.value)}>
                  {choice.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl fullWidth size="small">
            <InputLabel id="site-filter-tags">Tags searched with #</InputLabel>
            <Select labelId="site-filter-tags" label="Tags searched with #" value={String(props.tagMode)} onChange={(event) => props.onTagMode(Number(event.target.value))}>
              <MenuItem value={String(TagMode.All)}>Sites with all the tags</MenuItem>
              <MenuItem value={String(TagMode.Any)}>Sites with any of the tags</MenuItem>
              <MenuItem value={String(TagMode.None)}>Sites without tags</MenuItem>
            </Select>
          </FormControl>
        </Box>
      </Popover>
    </>
  );
});
