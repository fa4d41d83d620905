import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TAutocompletePrediction, TPlaceDetails } from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import { placeDetails } from '../api/place-details';
import { usePlacesAutocomplete } from '../api/places-autocomplete';

/**
 * The search bar of site entry: places, postal codes or typed coordinates, as the user types;
 * choosing one reads its point and address.
 */
export function PlaceSearch({ onPlace, onError, disabled }: { onPlace: (place: TPlaceDetails) => void; onError: (message: string) => void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const predictions = usePlacesAutocomplete(text);
  return (
    <Autocomplete<TAutocompletePrediction>
      options={predictions.data ?? []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.description}
      isOptionEqualToValue={(option, value) => option.place_id === value.place_id}
      inputValue={text}
      onInputChange={(_event, value) => setText(value)}
      onChange={(_event, chosen) => {
        if (!chosen) return;
        placeDetails(chosen.place_id).then(onPlace, (cause: unknown) => onError(errorMessage(cause)));
      }}
      loading={predictions.isFetching}
      noOptionsText={text.trim().length < 3 ? 'Type at least 3 characters' : 'No places found'}
      disabled={disabled ?? false}
      renderInput={(params) => <TextField {...params} label="Search for a place, postal code or coordinates" size="small" />}
    />
  );
}
