import type { ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';

/**
 * A small search box with the magnifier in front: the filter field of list pages. `end` adds
 * something after the text (e.g. a help button). The value is the page's state: every keystroke
 * goes to onChange.
 */
export function SearchField(props: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
  end?: ReactNode;
}) {
  return (
    <TextField
      type="search"
      label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      size="small"
      sx={props.sx ?? []}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: props.end ? <InputAdornment position="end">{props.end}</InputAdornment> : undefined,
        },
      }}
    />
  );
}
