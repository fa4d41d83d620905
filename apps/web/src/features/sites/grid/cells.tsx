import type { ReactNode } from 'react';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import { readScore, scoreBand, type TSite } from '@riskatlas/domain';
import type { ColumnContext, IconValue, SiteAction, SiteColumn } from './columns';
import { GRID_CLASS as C } from './grid-styles';

/**
 * One renderer per column type (columns.ts). Renderers are plain elements with the grid's class
 * names (grid-styles.ts) and native title tooltips: a screen of the grid holds hundreds of cells
 * and is redrawn on every scroll step and search, and styling each through `sx` cost more than
 * the rest of the redraw.
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
function formatNumber(value: number, decimals = 0, grouping = true): string {
  const key = `${decimals}:${grouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouping });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** The dash of an empty cell; meta cells say why they are empty. */
function Empty({ reason }: { reason?: string | undefined }) {
  return (
    <span className={C.empty} title={reason} aria-label={reason ?? 'None'}>
      —
    </span>
  );
}

function Text({ children }: { children: string }) {
  return (
    <span className={C.text} title={children}>
      {children}
    </span>
  );
}

function IconCell({ value }: { value: IconValue }) {
  if (value.state === 'unknown') return <Empty reason={value.label} />;
  const Icon = value.state === 'yes' ? CheckCircleIcon : RemoveIcon;
  return (
    <span className={C.icon} data-state={value.state} role="img" aria-label={value.label} title={value.label}>
      <Icon fontSize="small" />
    </span>
  );
}

function Swatch({ color }: { color: string }) {
  return <span className={C.swatch} aria-hidden style={{ backgroundColor: color }} />;
}

/** Black or white text, whichever reads on the fill colour. */
function textOn(color: string): string {
  const value = Number.parseInt(color.slice(1), 16);
  const luminance = 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luminance > 150 ? '#000' : '#fff';
}

const ACTION_LABEL: Record<Exclude<SiteAction, 'open'>, string> = { report: 'Open report of', edit: 'Edit', comments: 'Comments for' };
const ACTION_TITLE: Record<Exclude<SiteAction, 'open'>, string> = { report: 'Open report', edit: 'Edit site', comments: 'Comments' };

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
        <span className={C.tags} title={tags.join('; ')}>
          {tags.map((tag) => (
            <span key={tag} className={C.tag}>
              {tag}
            </span>
          ))}
        </span>
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
        // 'above 1000' for a UK 1,103: the label must not contradict the value the other columns show.
        const reading = readScore(value.score, value.countryId);
        return (
          <span className={C.score} title={reading.text}>
            <Swatch color={reading.band.color} />
            {reading.bandLabel}
          </span>
        );
      }
      return (
        <span className={C.score}>
          <Swatch color={scoreBand(value.score, value.countryId).color} />
          {formatNumber(value.score)}
        </span>
      );
    }
    case 'fill': {
      const value = column.value(site, context);
      if (!value) return <Empty reason={column.emptyReason} />;
      // The fill covers the whole cell; the cell's padding is undone by the negative margins.
      return (
        <span className={C.fill} data-fill={value.color} title={value.title} style={{ backgroundColor: value.color, color: textOn(value.color) }}>
          {value.label}
        </span>
      );
    }
    case 'icon': {
      const value = column.value(site);
      return value ? <IconCell value={value} /> : <Empty reason={column.emptyReason} />;
    }
    case 'link': {
      const text = column.value(site);
      return (
        <button type="button" className={C.link} onClick={() => onAction(column.action, site)} title={text}>
          {text}
        </button>
      );
    }
    case 'button':
      return (
        <span className={C.actions}>
          {column.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={C.action}
              aria-label={`${ACTION_LABEL[action]} ${site.siteName}`}
              title={ACTION_TITLE[action]}
              onClick={() => onAction(action, site)}
            >
              {action === 'report' ? <AssessmentOutlinedIcon fontSize="small" /> : action === 'edit' ? <EditOutlinedIcon fontSize="small" /> : <ChatBubbleOutlineIcon fontSize="small" />}
            </button>
          ))}
        </span>
      );
  }
}
