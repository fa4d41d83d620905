import { createTheme, type Theme } from '@mui/material/styles';
import type { TTheme } from '@riskatlas/domain';

/** The palette names an account may choose: the theme comes from the account, not the user. */
const PALETTES = {
  atlas: { light: { primary: '#1f4e79', secondary: '#b85412' }, dark: { primary: '#8fbde8', secondary: '#f0a36b' } },
  ocean: { light: { primary: '#01579b', secondary: '#00796b' }, dark: { primary: '#81d4fa', secondary: '#80cbc4' } },
  forest: { light: { primary: '#2e7d32', secondary: '#6d4c41' }, dark: { primary: '#a5d6a7', secondary: '#bcaaa4' } },
  slate: { light: { primary: '#37474f', secondary: '#3949ab' }, dark: { primary: '#b0bec5', secondary: '#9fa8da' } },
  ember: { light: { primary: '#b71c1c', secondary: '#a84300' }, dark: { primary: '#ef9a9a', secondary: '#ffb74d' } },
} as const;
type PaletteName = keyof typeof PALETTES;

/** Before an account is known (sign-in pages) and for an unknown palette name. */
const DEFAULT_THEME: TTheme = { palette: 'atlas', dark: false };

function isPaletteName(name: string): name is PaletteName {
  return Object.hasOwn(PALETTES, name);
}

/**
 * The MUI theme of an account: its palette's primary and secondary colours, light or dark. Every
 * focusable element gets a strong focus outline (keyboard users must always see where they are).
 */
export function buildTheme(theme: TTheme | null | undefined): Theme {
  const chosen = theme ?? DEFAULT_THEME;
  const name = chosen.palette.toLowerCase();
  const colours = PALETTES[isPaletteName(name) ? name : 'atlas'][chosen.dark ? 'dark' : 'light'];
  const focus = chosen.dark ? '#ffd54f' : '#0b57d0';
  return createTheme({
    palette: {
      mode: chosen.dark ? 'dark' : 'light',
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
    },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: `3px solid ${focus}`, outlineOffset: 2 },
          '.Mui-focusVisible': { outline: `3px solid ${focus}`, outlineOffset: -3 },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
