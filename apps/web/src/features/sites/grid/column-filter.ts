import { compileColumnSearch, type ColumnKind, type TSite } from '@riskatlas/domain';
import type { ColumnContext, SiteColumn } from './columns';

/** How a column is filtered: the kind of its values for the column search, and the value of a site. */
export interface ColumnFilter {
  kind: ColumnKind;
  value: (site: TSite, context: ColumnContext) => unknown;
}

/**
 * The column filter of a column (the column search syntax: quoted phrases, ';' alternatives,
 * null, numeric ranges with a dash — parsed and matched by packages/domain). Text columns match
 * what they show; numbers, scores and fills by value; dates by period; tags as a list. Button
 * columns have none.
 */
export function columnFilterOf(column: SiteColumn): ColumnFilter | null {
  switch (column.type) {
    case 'string':
    case 'formatted':
    case 'enum':
      return { kind: 'text', value: (site) => column.value(site) };
    case 'link':
      return { kind: 'text', value: (site) => column.value(site) };
    case 'number':
      return { kind: 'number', value: (site) => column.value(site) };
    case 'date':
      return { kind: 'date', value: (site) => column.value(site) };
    case 'tags':
      return { kind: 'list', value: (site) => column.value(site) };
    case 'classview':
      return { kind: 'text', value: (site) => column.value(site).text };
    case 'score':
      return { kind: 'number', value: (site, context) => column.value(site, context)?.score ?? null };
    case 'fill':
      return { kind: 'text', value: (site, context) => column.value(site, context)?.label ?? null };
    case 'icon':
      return { kind: 'text', value: (site) => column.value(site)?.label ?? null };
    case 'button':
      return null;
  }
}

/**
 * One test of a site for every column filter typed (all must match); null when none is typed.
 * Each search is compiled once here, not per site.
 */
export function compileColumnFilters(
  columns: readonly SiteColumn[],
  texts: Readonly<Record<string, string>>,
  context: ColumnContext,
): ((site: TSite) => boolean) | null {
  const tests: ((site: TSite) => boolean)[] = [];
  for (const column of columns) {
    const text = texts[column.id]?.trim();
    const filter = text ? columnFilterOf(column) : null;
    if (!text || !filter) continue;
    const matches = compileColumnSearch(text, filter.kind);
    tests.push((site) => matches(filter.value(site, context)));
  }
  if (tests.length === 0) return null;
  return (site) => {
    for (const test of tests) if (!test(site)) return false;
    return true;
  };
}
