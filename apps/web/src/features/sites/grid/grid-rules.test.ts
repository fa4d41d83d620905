import { describe, expect, it } from 'vitest';
import { makeSite } from '../testing/make-site';
import { canConfigureColumns, clampWidth, defaultColumnLayout, layoutToSettings, moveColumn, resolveColumnLayout, withWidth } from './column-layout';
import { SITE_COLUMNS, columnById, featureNames, formatAddress } from './columns';
import { visibleRange } from '../../../components/virtual-rows';
import { isNewItem } from './grid-constants';
import { naturalKey, nextSort, sortSites } from './sort';

const context = { methodology: 2, externalIdLabel: 'Store number' };

describe('column layout', () => {
  it('keeps saved order and widths, drops unknown ids and appends columns added since', () => {
    const layout = resolveColumnLayout([{ id: 'city', width: 10 }, { id: 'gone' }, { id: 'siteName', hidden: true }, { id: 'city', width: 500 }]);
    expect(layout.slice(0, 2).map((entry) => [entry.column.id, entry.width, entry.visible])).toEqual([
      ['city', 40, true],
      ['siteName', 240, false],
    ]);
    expect(layout).toHaveLength(SITE_COLUMNS.length);
    expect(layout.find((entry) => entry.column.id === 'notes')?.visible).toBe(false);
    expect(layout.find((entry) => entry.column.id === 'tags')?.visible).toBe(true);
  });

  it('round-trips through the preference and moves and resizes within bounds', () => {
    const layout = defaultColumnLayout();
    expect(resolveColumnLayout(layoutToSettings(layout))).toEqual(layout);
    expect(resolveColumnLayout(null)).toEqual(layout);
    const moved = moveColumn(layout, 0, 2);
    expect(moved.slice(0, 3).map((entry) => entry.column.id)).toEqual([layout[1]!.column.id, layout[2]!.column.id, 'siteName']);
    expect(moveColumn(layout, 0, -1)).toEqual(layout);
    expect(withWidth(layout, 'siteName', 12)[0]!.width).toBe(40);
    expect(clampWidth(5000)).toBe(2000);
    expect(clampWidth(Number.NaN)).toBe(40);
  });

  it('locks columns for everyone but administrators, impersonators and staff when the account says so', () => {
    const user = (flags: Partial<{ adminMode: boolean; impersonationMode: boolean; capMode: boolean }>, locked: boolean) => ({
      adminMode: false,
      impersonationMode: false,
      capMode: false,
      ...flags,
      account: { lockLibraryViewColumns: locked },
    });
    expect(canConfigureColumns(user({}, false))).toBe(true);
    expect(canConfigureColumns(user({}, true))).toBe(false);
    expect(canConfigureColumns(user({ adminMode: true }, true))).toBe(true);
    expect(canConfigureColumns(user({ impersonationMode: true }, true))).toBe(true);
    expect(canConfigureColumns(user({ capMode: true }, true))).toBe(true);
  });
});

describe('columns', () => {
  it('has a column of every column type and of both variants, with unique ids', () => {
    const types = new Set(SITE_COLUMNS.map((column) => column.type));
    for (const type of ['string', 'number', 'date', 'enum', 'tags', 'classview', 'score', 'formatted', 'icon', 'button', 'link', 'fill']) {
      expect(types.has(type as never), type).toBe(true);
    }
    expect(SITE_COLUMNS.some((column) => column.variant === 'range')).toBe(true);
    expect(SITE_COLUMNS.some((column) => column.variant === 'meta')).toBe(true);
    expect(new Set(SITE_COLUMNS.map((column) => column.id)).size).toBe(SITE_COLUMNS.length);
  });

  it('reads every Site field somewhere', () => {
    const site = makeSite({ notes: 'n', street2: 's2', eid: 'e', i: { r: '2026-01-01', b: true, s: false, l: true }, classes: [4], classificationView: 'Retail' });
    expect(columnById('eid')!.label(context)).toBe('Store number');
    expect(formatAddress(site)).toBe('100 Main St, s2, Springfield, IL 62701');
    expect(featureNames(7)).toBe('Heat map, Supplemental scores, Demographics');
    expect(featureNames(0)).toBeNull();
    const incident = columnById('incidentBlockGroup')!;
    expect(incident.type === 'icon' && incident.value(site)).toEqual({ state: 'yes', label: 'Yes' });
    const quarter = columnById('incidentQuarterMile')!;
    expect(quarter.type === 'icon' && quarter.value(site)).toEqual({ state: 'no', label: 'No' });
    const fill = columnById('riskLevel')!;
    expect(fill.type === 'fill' && fill.value(makeSite({ s: { '2': 850 } }), context)).toEqual({ color: '#d32f2f', label: 'High', title: '850 — 800–2000, High' });
    expect(fill.type === 'fill' && fill.value(makeSite({ s: { '3': 850 } }), context)).toBeNull();
  });
});

describe('sorting', () => {
  it('sorts naturally, ignoring case and accents, nulls last in both directions, ties by site id', () => {
    expect(naturalKey('Store 9') < naturalKey('store 10')).toBe(true);
    expect(naturalKey('Élan')).toBe(naturalKey('elan'));
    const sites = [
      makeSite({ siteId: 4, siteName: 'b', eid: null }),
      makeSite({ siteId: 2, siteName: 'B', eid: 'x' }),
      makeSite({ siteId: 3, siteName: 'a', eid: 'y' }),
      makeSite({ siteId: 1, siteName: 'c', eid: null }),
    ];
    expect(sortSites(sites, columnById('siteName'), 'asc', context).map((site) => site.siteId)).toEqual([3, 2, 4, 1]);
    expect(sortSites(sites, columnById('siteName'), 'desc', context).map((site) => site.siteId)).toEqual([1, 2, 4, 3]);
    expect(sortSites(sites, columnById('eid'), 'desc', context).map((site) => site.siteId)).toEqual([3, 2, 1, 4]);
    expect(sortSites(sites, columnById('actions'), 'asc', context)).toEqual(sites);
    expect(nextSort({ columnId: 'a', direction: 'asc' }, 'a')).toEqual({ columnId: 'a', direction: 'desc' });
    expect(nextSort({ columnId: 'a', direction: 'desc' }, 'b')).toEqual({ columnId: 'b', direction: 'asc' });
  });

  it('opens newest first: a list in creation order is reversed, equal dates fall back to a full sort', () => {
    const sites = [1, 2, 3].map((id) => makeSite({ siteId: id, created: `2026-01-0${id}T00:00:00.000Z` }));
    expect(sortSites(sites, columnById('created'), 'desc', context).map((site) => site.siteId)).toEqual([3, 2, 1]);
    expect(sortSites(sites, columnById('created'), 'asc', context).map((site) => site.siteId)).toEqual([1, 2, 3]);
    const ties = [makeSite({ siteId: 1, created: '2026-01-02T00:00:00Z' }), makeSite({ siteId: 2, created: '2026-01-02T00:00:00Z' }), makeSite({ siteId: 3, created: '2026-01-01T00:00:00Z' })];
    expect(sortSites(ties, columnById('created'), 'desc', context).map((site) => site.siteId)).toEqual([1, 2, 3]);
  });

  it('keeps an import batch (one shared date) in site id order when the list is reversed without sorting', () => {
    const created = (id: number) => (id <= 3 ? '2026-01-01T00:00:00Z' : id <= 5 ? '2026-01-02T00:00:00Z' : '2026-01-03T00:00:00Z');
    const sites = [1, 2, 3, 4, 5, 6].map((id) => makeSite({ siteId: id, created: created(id) }));
    expect(sortSites(sites, columnById('created'), 'desc', context).map((site) => site.siteId)).toEqual([6, 4, 5, 1, 2, 3]);
    expect(sortSites(sites, columnById('created'), 'asc', context).map((site) => site.siteId)).toEqual([1, 2, 3, 4, 5, 6]);
    // The same answer as the full sort of the same sites in another order.
    const shuffled = [5, 1, 6, 3, 2, 4].map((id) => sites[id - 1]!);
    expect(sortSites(shuffled, columnById('created'), 'desc', context)).toEqual(sortSites(sites, columnById('created'), 'desc', context));
  });

  it('sorts 100,000 sites quickly', () => {
    const sites = Array.from({ length: 100_000 }, (_, i) => makeSite({ siteId: i + 1, siteName: `Store ${(i * 7919) % 100_000}` }));
    const started = performance.now();
    const sorted = sortSites(sites, columnById('siteName'), 'asc', context);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(sorted[0]!.siteName).toBe('Store 0');
    expect(sorted[99_999]!.siteName).toBe('Store 99999');
  });
});

describe('grid rules', () => {
  it('highlights for 18 hours and draws only the visible rows', () => {
    const now = Date.parse('2026-03-02T09:00:00Z');
    expect(isNewItem('2026-03-01T15:00:01Z', now)).toBe(true);
    expect(isNewItem('2026-03-01T15:00:00Z', now)).toBe(false);
    expect(isNewItem('not a date', now)).toBe(false);
    expect(visibleRange(0, 480, 100_000)).toEqual([0, 16]);
    expect(visibleRange(48 * 1000, 480, 100_000)).toEqual([994, 1016]);
    expect(visibleRange(48 * 99_999, 480, 100_000)).toEqual([99_993, 100_000]);
    expect(visibleRange(0, 480, 3)).toEqual([0, 3]);
  });
});
