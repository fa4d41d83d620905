import TextField from '@mui/material/TextField';

/** The e-mail field of the sign-in and forgot-password forms (autofocused, marked when missing). */
export function EmailField(props: { value: string; onChange: (value: string) => void; missing: boolean }) {
  return (
    <TextField
      label="E-mail address"
      type="email"
      name="email"
      autoComplete="username"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.missing}
      helperText={props.missing ? 'Enter your e-mail address.' : undefined}
      required
      autoFocus
      fullWidth
    />
  );
}
