import { memo } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, type Theme } from '@mui/material/styles';
import { ROW_HEIGHT } from '../../../components/virtual-rows';

/** Class names of the grid, its rows, cells and cell contents (styled once, see GridStyles). */
export const GRID_CLASS = {
  grid: 'sg-grid',
  row: 'sg-row',
  cell: 'sg-cell',
  check: 'sg-check',
  visuallyHidden: 'sg-visually-hidden',
  empty: 'sg-empty',
  text: 'sg-text',
  icon: 'sg-icon',
  swatch: 'sg-swatch',
  tags: 'sg-tags',
  tag: 'sg-tag',
  score: 'sg-score',
  fill: 'sg-fill',
  link: 'sg-link',
  actions: 'sg-actions',
  action: 'sg-action',
} as const;

const c = (name: string) => `.${GRID_CLASS.grid} .${name}`;

/**
 * The styles of every row and cell, as one rule set. Rows and cells are plain elements carrying
 * these class names and their own width and position inline: styling each of the few hundred
 * elements of a screen through `sx` made every redraw (scrolling, searching) several times slower.
 * Row states are attributes: data-odd (stripes), data-new (created within 18 hours) and aria-selected.
 */
function gridClassStyles(theme: Theme) {
  const { palette } = theme;
  return {
    [c(GRID_CLASS.row)]: {
      position: 'absolute',
      top: 0,
      left: 0,
      height: ROW_HEIGHT,
      display: 'flex',
      borderBottom: `1px solid ${palette.divider}`,
      backgroundColor: palette.background.paper,
      '&[data-odd]': { backgroundColor: palette.action.hover },
      '&[data-new]': { backgroundColor: alpha(palette.warning.main, 0.12), boxShadow: `inset 4px 0 0 ${palette.warning.main}` },
      '&[aria-selected="true"]': { backgroundColor: alpha(palette.primary.main, 0.14) },
      '&:hover': { backgroundColor: alpha(palette.primary.main, 0.06) },
      '&[aria-selected="true"]:hover': { backgroundColor: alpha(palette.primary.main, 0.18) },
    },
    [c(GRID_CLASS.cell)]: {
      padding: theme.spacing(0, 1),
      display: 'flex',
      alignItems: 'center',
      flex: '0 0 auto',
      minWidth: 0,
      overflow: 'hidden',
      boxSizing: 'border-box',
    },
    [c(GRID_CLASS.check)]: { width: 18, height: 18, margin: 0, cursor: 'pointer', accentColor: palette.primary.main },
    [c(GRID_CLASS.visuallyHidden)]: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    [c(GRID_CLASS.empty)]: { color: palette.text.disabled },
    [c(GRID_CLASS.text)]: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    [c(GRID_CLASS.icon)]: { display: 'inline-flex', color: palette.text.disabled, '&[data-state="yes"]': { color: palette.success.main } },
    [c(GRID_CLASS.swatch)]: { width: 10, height: 10, borderRadius: '50%', flex: '0 0 auto', border: '1px solid rgba(0,0,0,0.2)', boxSizing: 'border-box' },
    [c(GRID_CLASS.tags)]: { display: 'flex', gap: theme.spacing(0.5), overflow: 'hidden' },
    [c(GRID_CLASS.tag)]: {
      padding: theme.spacing(0.25, 1),
      borderRadius: Number(theme.shape.borderRadius) * 4,
      backgroundColor: palette.action.selected,
      fontSize: '0.8125rem',
      whiteSpace: 'nowrap',
      flex: '0 0 auto',
    },
    [c(GRID_CLASS.score)]: { display: 'inline-flex', alignItems: 'center', gap: theme.spacing(1) },
    // The colour fills the whole cell: it grows to the cell's width and height, and the negative
    // margins take back the cell's padding.
    [c(GRID_CLASS.fill)]: {
      flex: '1 1 auto',
      alignSelf: 'stretch',
      minWidth: 0,
      display: 'flex',
      alignItems: 'center',
      margin: theme.spacing(0, -1),
      padding: theme.spacing(0, 1),
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      textOverflow: 'ellipsis',
      fontWeight: 500,
    },
    [c(GRID_CLASS.link)]: {
      display: 'block',
      maxWidth: '100%',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      textAlign: 'left',
      font: 'inherit',
      fontWeight: 500,
      color: palette.primary.main,
      background: 'none',
      border: 0,
      padding: 0,
      margin: 0,
      cursor: 'pointer',
      '&:hover': { textDecoration: 'underline' },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    [c(GRID_CLASS.actions)]: { display: 'inline-flex' },
    [c(GRID_CLASS.action)]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: 5,
      margin: 0,
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: palette.action.active,
      cursor: 'pointer',
      '&:hover': { backgroundColor: palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
  } as const;
}

/**
 * The grid's style sheet. Rendered inside the grid without props, so it is written once and not
 * again on every scroll step (the grid itself redraws then).
 */
export const GridStyles = memo(function GridStyles() {
  return <GlobalStyles styles={gridClassStyles} />;
});
