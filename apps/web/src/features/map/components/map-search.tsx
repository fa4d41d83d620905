import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { formatCoordinateText, parseMapSearch, sitesMatchingName, type LatLng, type TSite } from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import { placeDetails } from '../../create-report';
import { useNearbyPlaces } from '../api/nearby-places';

/** One choice of the search list. */
type SearchOption =
  | { kind: 'site'; key: string; label: string; site: TSite }
  | { kind: 'place'; key: string; label: string; placeId: string }
  | { kind: 'coordinates'; key: string; label: string; point: LatLng };

const GROUPS: Record<SearchOption['kind'], string> = { site: 'Sites', place: 'Places', coordinates: 'Coordinates' };

/**
 * The Map page's search bar: the user's sites by name, places (autocomplete around the map
 * centre) and coordinates typed as "latitude, longitude". Choosing a site selects it; a place or
 * coordinates drop a pin there.
 */
export function MapSearch(props: {
  sites: readonly TSite[];
  near: () => LatLng;
  onSite: (site: TSite) => void;
  onPoint: (point: LatLng) => void;
  onError: (message: string) => void;
}) {
  const [text, setText] = useState('');
  // The centre is read when typing starts, so the predictions do not reload as the map moves.
  const [near, setNear] = useState<LatLng>(() => props.near());
  const search = parseMapSearch(text);
  const places = useNearbyPlaces(search.kind === 'text' ? search.text : '', near);
  const options = useMemo<SearchOption[]>(() => {
    if (search.kind === 'coordinates') return [{ kind: 'coordinates', key: 'coordinates', label: formatCoordinateText(search.point.latitude, search.point.longitude, 7), point: search.point }];
    if (search.kind !== 'text') return [];
    const sites = sitesMatchingName(props.sites, search.text).map((site): SearchOption => ({ kind: 'site', key: `site-${site.siteId}`, label: site.siteName, site }));
    const found = (places.data ?? []).map((place): SearchOption => ({ kind: 'place', key: `place-${place.place_id}`, label: place.description, placeId: place.place_id }));
    return [...sites, ...found];
  }, [search, props.sites, places.data]);

  const choose = (option: SearchOption) => {
    if (option.kind === 'site') props.onSite(option.site);
    else if (option.kind === 'coordinates') props.onPoint(option.point);
    else placeDetails(option.placeId).then((place) => props.onPoint(place.coordinates), (cause: unknown) => props.onError(errorMessage(cause)));
  };

  return (
    <Autocomplete<SearchOption, false, false, true>
      freeSolo
      options={options}
      filterOptions={(all) => all}
      groupBy={(option) => GROUPS[option.kind]}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.key)}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' && !text) setNear(props.near());
        setText(value);
      }}
      onChange={(_event, chosen) => {
        if (chosen === null) return;
        if (typeof chosen === 'string') {
          // Enter on typed coordinates goes there without picking from the list.
          const typed = parseMapSearch(chosen);
          if (typed.kind === 'coordinates') props.onPoint(typed.point);
          return;
        }
        choose(chosen);
      }}
      loading={places.isFetching}
      sx={{ flex: '1 1 260px', minWidth: 200 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Search sites, places or coordinates"
          size="small"
          error={search.kind === 'invalidCoordinates'}
          helperText={search.kind === 'invalidCoordinates' ? search.message : undefined}
        />
      )}
    />
  );
}
