import { useDeferredValue, useMemo } from 'react';
import type { TSite } from '@riskatlas/domain';
import { AtlasMap, fitView, sitePoint } from '../../../components/map';

/** Fitting the sites zooms in no further than the site zoom (13), so one site is shown in its town. */
const SITE_ZOOM = 13;

/**
 * The sites on the product's map: every site a dot over the base layers, fitted to the sites,
 * coloured by its score band under the page's methodology (5 or 25 colours by release, the
 * country's bands), grey without a score; selected sites ringed; the name and score reading on hover. A click on a dot opens the site.
 */
export function PointsMap({
  sites: listed,
  selected,
  methodology,
  onOpen,
  highlightedId,
  height,
}: {
  sites: readonly TSite[];
  selected: ReadonlySet<number>;
  methodology: number;
  onOpen: (site: TSite) => void;
  /** A site drawn on top, enlarged (its grid row is hovered). */
  highlightedId: number | null;
  height: number;
}) {
  // The grid shows a search's result first; the map's new points (100,000 of them take a while) follow.
  const sites = useDeferredValue(listed);
  const points = useMemo(() => sites.map((site) => sitePoint(site, methodology)), [sites, methodology]);
  const byId = useMemo(() => new Map(sites.map((site) => [site.siteId, site])), [sites]);
  const view = useMemo(() => fitView(sites, SITE_ZOOM), [sites]);
  const label = sites.length === 1 ? 'Map of 1 site' : `Map of ${sites.length.toLocaleString()} sites`;

  return (
    <AtlasMap
      view={view}
      points={points}
      selectedIds={selected}
      highlightedId={highlightedId}
      onPointClick={(id) => {
        const site = byId.get(Number(id));
        if (site) onOpen(site);
      }}
      height={height}
      label={label}
      fallbackDetails="The sites are listed in the grid."
    />
  );
}
