import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { COUNTRIES, CURRENT_RELEASE, mayAddSites, mayCreateBatches, SiteMessages, siteSearchFilter, TagMode, type TSite } from '@riskatlas/domain';
import { AddSiteDialog, FirstRunPanel } from '../../create-report';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { pageLinkProps } from '../../../components/page-link';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { usePref } from '../../../lib/api/get-pref';
import { useSavePref } from '../../../lib/api/save-pref';
import { useClock } from '../../../lib/clock';
import { goToPage, updatePageState } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { usePageState } from '../../../lib/page-state';
import { takeSiteSelection } from '../../../lib/site-selection-handoff';
import { useSites } from '../api/get-sites';
import { compileColumnFilters } from '../grid/column-filter';
import { columnById, type ColumnContext, type SiteAction } from '../grid/columns';
import { SiteGrid } from '../grid/site-grid';
import { DEFAULT_SORT, nextSort, sortSites, type SortState } from '../grid/sort';
import { useAvailableHeight } from '../hooks/use-available-height';
import { useLibraryColumns } from '../hooks/use-library-columns';
import { useSiteSelection } from '../hooks/use-site-selection';
import { useSitesChanged } from '../hooks/use-sites-changed';
import { useWindowWidth } from '../hooks/use-window-width';
import { useSiteTextIndex } from '../search/use-site-text-index';
import { LibraryMapPanel } from '../map/library-map-panel';
import { libraryMapWidth } from '../map/map-size';
import { ColumnSettingsDialog } from './column-settings-dialog';
import { LibraryBatchProgress } from '../../batches';
import { SelectionSummary } from './selection-summary';
import { SiteBulkActions } from './site-bulk-actions';
import { SiteDialog, type SiteDialogTab } from './site-dialog';
import { SiteFilterMenu } from './site-filter-menu';
import { SiteSearchBar } from './site-search-bar';

const LOCKED_COLUMNS = 'Your account administrator has locked the library columns.';
// Made once, so the memoised buttons see the same icon on every render.
const MAP_ICON = <MapOutlinedIcon />;
const FILTER_ICON = <FilterAltOutlinedIcon />;

/** A button that switches a part of the page on and off: filled while on. */
const PressedButton = memo(function PressedButton({ pressed, icon, onClick, children }: { pressed: boolean; icon: ReactNode; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant={pressed ? 'contained' : 'outlined'} startIcon={icon} aria-pressed={pressed} onClick={onClick}>
      {children}
    </Button>
  );
});

function countOf(count: number): string {
  return count === 1 ? '1 site' : `${count.toLocaleString()} sites`;
}

/**
 * Sites, titled Site Library: the grid of every site the user may see, the country and
 * release-year filter, bulk actions on the selection, column configuration, and the site dialog
 * (edit and comments; its site id lives in the URL, so a site can be linked to).
 */
export default function SitesPage() {
  const user = useSignedInUser();
  const pageState = usePageState({ signedIn: true });
  const sites = useSites(pageState.release);
  const columns = useLibraryColumns(user);
  const clock = useClock();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [countryId, setCountryId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [hoveredSiteId, setHoveredSiteId] = useState<number | null>(null);
  const [tagMode, setTagMode] = useState<number>(TagMode.All);
  // Column filters (the map column search): undefined while the filter row is closed.
  const [columnFilters, setColumnFilters] = useState<Record<string, string> | undefined>(undefined);
  const deferredFilters = useDeferredValue(columnFilters);
  // The grid follows the search a moment behind the keystrokes, so typing stays quick over 100,000 sites.
  const deferredSearch = useDeferredValue(search);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [addSiteOpen, setAddSiteOpen] = useState(false);
  const sitesChanged = useSitesChanged();
  const canAddSites = mayAddSites(user);
  const canImport = mayCreateBatches(user);
  const [siteTab, setSiteTab] = useState<SiteDialogTab>('details');
  // "New" is measured from when the page opened, so rows do not change colour while the user looks.
  const [now] = useState(() => clock.now());
  const gridTop = useRef<HTMLDivElement>(null);
  const gridHeight = useAvailableHeight(gridTop, { min: 320, bottomGap: 24 });
  const settings = usePref('appSettings');
  const { mutate: saveSettings } = useSavePref('appSettings');
  const windowWidth = useWindowWidth();
  // Null below 960 px: the compact layout has no map panel.
  const mapWidth = libraryMapWidth(windowWidth, settings.data?.libraryMapSize);
  const showMap = mapWidth !== null && settings.data?.showLibraryMap === true;

  const context = useMemo<ColumnContext>(
    () => ({ methodology: pageState.methodology, externalIdLabel: user.account.externalIDName || 'External ID' }),
    [pageState.methodology, user.account.externalIDName],
  );
  const externalIdName = user.account.externalIDName;
  // Sorted once; the search and country filter then keep that order, so typing never re-sorts 100,000 sites.
  const sorted = useMemo(() => sortSites(sites.data ?? [], columnById(sort.columnId), sort.direction, context), [sites.data, sort, context]);
  const textIndex = useSiteTextIndex(sorted);
  const rows = useMemo(() => {
    const code = COUNTRIES.find((country) => country.countryId === countryId)?.iso3;
    const mode = tagMode === TagMode.Any ? TagMode.Any : tagMode === TagMode.None ? TagMode.None : TagMode.All;
    const byColumn = deferredFilters ? compileColumnFilters(columns.visible.map((entry) => entry.column), deferredFilters, context) : null;
    if (!code && !deferredSearch.trim() && mode === TagMode.All && !byColumn) return sorted;
    const matches = siteSearchFilter(deferredSearch, { externalIdName, methodologyTypeId: pageState.methodology, tagMode: mode }, sorted, textIndex);
    return sorted.filter((site, position) => (!code || site.countryCode === code) && matches(site, position) && (!byColumn || byColumn(site)));
  }, [sorted, countryId, deferredSearch, tagMode, externalIdName, pageState.methodology, deferredFilters, columns.visible, context, textIndex]);
  const selection = useSiteSelection(sites.data, rows);
  // Sites picked on the Select Multiple Sites page arrive as the library's selection.
  const { replace: replaceSelection } = selection;
  useEffect(() => {
    const handed = takeSiteSelection(PageId.Sites);
    if (handed) replaceSelection(handed);
  }, [replaceSelection]);
  const selectedSites = useMemo(() => (sites.data ?? []).filter((site) => selection.selected.has(site.siteId)), [sites.data, selection.selected]);
  const openSite = useMemo(() => (pageState.siteId === undefined ? undefined : sites.data?.find((site) => site.siteId === pageState.siteId)), [pageState.siteId, sites.data]);

  // A link to a site this user cannot see (deleted, another account's, not visible to them): say so and drop it.
  const notify = useNotify();
  const missingSite = pageState.siteId !== undefined && sites.isSuccess && !openSite;
  useEffect(() => {
    if (!missingSite) return;
    notify({ message: SiteMessages.siteNotFound, severity: 'warning' });
    updatePageState({ siteId: null }, { replace: true });
  }, [missingSite, notify]);

  const onSort = useCallback((columnId: string) => setSort((current) => nextSort(current, columnId)), []);
  const onFilter = useCallback((columnId: string, text: string) => setColumnFilters((current) => ({ ...current, [columnId]: text })), []);
  const toggleColumnFilters = useCallback(() => setColumnFilters((current) => (current ? undefined : {})), []);
  const onRelease = useCallback((release: number) => updatePageState({ release: release === CURRENT_RELEASE ? null : release }), []);
  const onMapResize = useCallback((percent: number) => saveSettings({ libraryMapSize: percent }), [saveSettings]);
  const onMapClose = useCallback(() => saveSettings({ showLibraryMap: false }), [saveSettings]);
  const closeColumns = useCallback(() => setColumnsOpen(false), []);
  const openSiteOn = useCallback((site: TSite, tab: SiteDialogTab) => {
    setSiteTab(tab);
    updatePageState({ siteId: site.siteId });
  }, []);
  const openFromMap = useCallback((site: TSite) => openSiteOn(site, 'details'), [openSiteOn]);
  const onAction = useCallback(
    (action: SiteAction, site: TSite) => (action === 'report' ? goToPage(PageId.Detail, { siteId: site.siteId }) : openSiteOn(site, action === 'comments' ? 'comments' : 'details')),
    [openSiteOn],
  );

  const count = sites.data?.length ?? 0;
  const subtitle = !sites.data
    ? 'All the locations your organisation keeps crime-risk reports and scores for.'
    : rows.length === count
      ? countOf(count)
      : `${countOf(rows.length)} of ${count.toLocaleString()}`;
  const hasSites = Boolean(sites.data) && count > 0;
  const noMatch = useMemo(
    () => (
      <Alert severity="info" role="status">
        {deferredSearch.trim() ? `No sites match “${deferredSearch.trim()}”.` : 'No sites match the filter.'}
      </Alert>
    ),
    [deferredSearch],
  );
  // Everything below is memoised, so a keystroke in the search box redraws the box and little else.
  const header = useMemo(
    () => (
      <PageHeader
        title="Site Library"
        subtitle={subtitle}
        actions={
          hasSites ? (
            <>
              {canAddSites ? (
                <Button variant="outlined" startIcon={<AddLocationAltOutlinedIcon />} onClick={() => setAddSiteOpen(true)}>
                  Add a site
                </Button>
              ) : null}
              {canImport ? (
                <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} {...pageLinkProps(PageId.ImportSites)}>
                  Import sites
                </Button>
              ) : null}
              {mapWidth !== null ? (
                <PressedButton pressed={showMap} icon={MAP_ICON} onClick={() => saveSettings({ showLibraryMap: !showMap })}>
                  Map
                </PressedButton>
              ) : null}
              <Tooltip title={columns.editable ? 'Choose and order the columns' : LOCKED_COLUMNS}>
                <span>
                  <Button variant="outlined" startIcon={<ViewColumnOutlinedIcon />} onClick={() => setColumnsOpen(true)} disabled={!columns.editable}>
                    Columns
                  </Button>
                </span>
              </Tooltip>
            </>
          ) : null
        }
      />
    ),
    [subtitle, hasSites, mapWidth, showMap, saveSettings, columns.editable, canAddSites, canImport],
  );
  return (
    <>
      {header}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} data-testid="sites-toolbar">
        <SiteSearchBar value={search} onChange={setSearch} externalIdName={externalIdName} />
        <SiteFilterMenu
          user={user}
          countryId={countryId}
          release={pageState.release}
          tagMode={tagMode}
          onTagMode={setTagMode}
          onCountry={setCountryId}
          onRelease={onRelease}
        />
        <PressedButton pressed={columnFilters !== undefined} icon={FILTER_ICON} onClick={toggleColumnFilters}>
          Column filters
        </PressedButton>
        <Box sx={{ flex: 1 }} />
        {hasSites ? (
          <SiteBulkActions user={user} selected={selectedSites} releaseYear={pageState.release} countryId={countryId} onSelectionDone={selection.clear} />
        ) : null}
      </Box>
      <LibraryBatchProgress onSelectSites={selection.replace} />
      {hasSites ? <SelectionSummary count={selection.selected.size} hiddenCount={selection.hiddenCount} onClear={selection.clear} /> : <Box sx={{ mb: 1.5 }} />}
      {sites.isPending || columns.loading ? (
        <PageSpinner label="Loading sites" />
      ) : sites.isError ? (
        <ErrorWithRetry message={errorMessage(sites.error)} onRetry={() => void sites.refetch()} />
      ) : count === 0 ? (
        <FirstRunPanel user={user} onAddSite={() => setAddSiteOpen(true)} />
      ) : (
        <Box ref={gridTop} sx={{ display: 'flex', alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SiteGrid
              rows={rows}
              columns={columns.visible}
              context={context}
              sort={sort}
              onSort={onSort}
              selected={selection.selected}
              onToggleRow={selection.toggle}
              onToggleAll={selection.toggleAll}
              onAction={onAction}
              resizable={columns.editable}
              onResize={columns.resize}
              height={gridHeight}
              now={now}
              filters={columnFilters}
              onFilter={onFilter}
              empty={noMatch}
              onHoverSite={showMap ? setHoveredSiteId : undefined}
            />
          </Box>
          {showMap && mapWidth !== null ? (
            <LibraryMapPanel
              sites={rows}
              selected={selection.selected}
              methodology={pageState.methodology}
              width={mapWidth}
              height={gridHeight}
              windowWidth={windowWidth}
              onOpen={openFromMap}
              highlightedId={hoveredSiteId}
              onResize={onMapResize}
              onClose={onMapClose}
            />
          ) : null}
        </Box>
      )}
      <ColumnSettingsDialog
        open={columnsOpen}
        layout={columns.layout}
        context={context}
        canSetForAll={columns.canSetForAll}
        onSave={columns.save}
        onSaveForAll={columns.saveForAll}
        onClose={closeColumns}
      />
      <AddSiteDialog
        open={addSiteOpen}
        externalIdLabel={externalIdName || 'External ID'}
        onClose={() => setAddSiteOpen(false)}
        onCreated={() => void sitesChanged()}
      />
      {openSite ? <SiteDialog user={user} site={openSite} tab={siteTab} onTab={setSiteTab} onClose={() => updatePageState({ siteId: null })} /> : null}
    </>
  );
}
