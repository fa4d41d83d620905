import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import { scoreBand, scoreRangeForCountry, scoreBandIndex, type TSite } from '@riskatlas/domain';
import type { ColumnContext, IconValue, SiteAction, SiteColumn } from './columns';

/**
 * One renderer per column type of spec 1 §2. Renderers stay light (plain elements, native title
 * tooltips): a screen of the grid holds hundreds of cells and is redrawn on every scroll step.
 */

/** What a cell may ask the page to do. */
export type CellActionHandler = (action: SiteAction, site: TSite) => void;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date as the grid shows it ('Mar 2, 2026'); the raw text when it is not a date. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateFormat.format(time);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number with a fixed count of decimals, grouped or not. */
export function formatNumber(value: number, decimals = 0, grouping = true): string {
  const key = `${decimals}:${grouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouping });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The dash of an empty cell; meta cells say why they are empty. */
function Empty({ reason }: { reason?: string | undefined }) {
  return (
    <Box component="span" sx={{ color: 'text.disabled' }} title={reason} aria-label={reason ?? 'None'}>
      —
    </Box>
  );
}

function Text({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ ...ellipsis, display: 'block' }} title={children}>
      {children}
    </Box>
  );
}

function IconCell({ value }: { value: IconValue }) {
  if (value.state === 'unknown') return <Empty reason={value.label} />;
  const Icon = value.state === 'yes' ? CheckCircleIcon : RemoveIcon;
  return (
    <Box component="span" role="img" aria-label={value.label} title={value.label} sx={{ display: 'inline-flex', color: value.state === 'yes' ? 'success.main' : 'text.disabled' }}>
      <Icon fontSize="small" />
    </Box>
  );
}

function Swatch({ color }: { color: string }) {
  return <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flex: '0 0 auto', border: '1px solid rgba(0,0,0,0.2)' }} />;
}

/** Black or white text, whichever reads on the fill colour. */
function textOn(color: string): string {
  const value = Number.parseInt(color.slice(1), 16);
  const luminance = 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luminance > 150 ? '#000' : '#fff';
}

const ACTION_LABEL: Record<Exclude<SiteAction, 'open'>, string> = { edit: 'Edit', comments: 'Comments for' };

/** The content of one cell. */
export function renderCell(column: SiteColumn, site: TSite, context: ColumnContext, onAction: CellActionHandler): ReactNode {
  switch (column.type) {
    case 'string':
    case 'formatted':
    case 'enum': {
      const value = column.value(site);
      return value ? <Text>{value}</Text> : <Empty reason={column.emptyReason} />;
    }
    case 'number': {
      const value = column.value(site);
      return value === null ? <Empty reason={column.emptyReason} /> : formatNumber(value, column.decimals, column.grouping ?? true);
    }
    case 'date': {
      const value = column.value(site);
      return value ? <time dateTime={value}>{formatDate(value)}</time> : <Empty reason={column.emptyReason} />;
    }
    case 'tags': {
      const tags = column.value(site);
      if (tags.length === 0) return <Empty />;
      return (
        <Box component="span" sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }} title={tags.join('; ')}>
          {tags.map((tag) => (
            <Box
              key={tag}
              component="span"
              sx={{ px: 1, py: 0.25, borderRadius: 4, bgcolor: 'action.selected', fontSize: '0.8125rem', whiteSpace: 'nowrap', flex: '0 0 auto' }}
            >
              {tag}
            </Box>
          ))}
        </Box>
      );
    }
    case 'classview': {
      const { text, count } = column.value(site);
      if (text) return <Text>{text}</Text>;
      if (count > 0) return <Text>{count === 1 ? '1 classification' : `${count} classifications`}</Text>;
      return <Empty />;
    }
    case 'score': {
      const value = column.value(site, context);
      if (!value) return <Empty reason={column.emptyReason} />;
      if (column.variant === 'range') {
        const bands = scoreRangeForCountry(value.countryId).colorBreaks;
        const band = bands[scoreBandIndex(value.score, bands)]!;
        return (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <Swatch color={band.color} />
            {`${band.min}–${band.max}`}
          </Box>
        );
      }
      return (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
          <Swatch color={scoreBand(value.score, value.countryId).color} />
          {formatNumber(value.score)}
        </Box>
      );
    }
    case 'fill': {
      const value = column.value(site, context);
      if (!value) return <Empty reason={column.emptyReason} />;
      // The fill covers the whole cell; the cell's padding is undone by the negative margins.
      return (
        <Box
          component="span"
          data-fill={value.color}
          sx={{ display: 'flex', alignItems: 'center', mx: -1, px: 1, height: 48, bgcolor: value.color, color: textOn(value.color), fontWeight: 500 }}
        >
          {value.label}
        </Box>
      );
    }
    case 'icon': {
      const value = column.value(site);
      return value ? <IconCell value={value} /> : <Empty reason={column.emptyReason} />;
    }
    case 'link': {
      const text = column.value(site);
      return (
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={() => onAction(column.action, site)}
          sx={{ ...ellipsis, display: 'block', maxWidth: '100%', textAlign: 'left', font: 'inherit', fontWeight: 500 }}
          title={text}
        >
          {text}
        </Link>
      );
    }
    case 'button':
      return (
        <Box component="span" sx={{ display: 'inline-flex' }}>
          {column.actions.map((action) => (
            <IconButton key={action} size="small" aria-label={`${ACTION_LABEL[action]} ${site.siteName}`} title={action === 'edit' ? 'Edit site' : 'Comments'} onClick={() => onAction(action, site)}>
              {action === 'edit' ? <EditOutlinedIcon fontSize="small" /> : <ChatBubbleOutlineIcon fontSize="small" />}
            </IconButton>
          ))}
        </Box>
      );
  }
}
