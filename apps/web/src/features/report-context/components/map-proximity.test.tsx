import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import type { TReportProximity, TSite } from '@riskatlas/domain';
import { mockApi } from '../../../test/mock-api';
import { makeReport } from '../../../test/make-report';
import { makeSite } from '../../../test/make-site';
import { renderPanel } from '../testing/render-panel';
import { useMapProximity } from '../index';

const SITE = makeSite({ siteId: 7, siteName: 'Willis Tower', latitude: 41.8789, longitude: -87.6359, city: 'Chicago' });

const PROXIMITY: TReportProximity = {
  accountProductReportId: 900,
  siteId: 7,
  countryID: 1,
  radiusMeters: 4828,
  layers: [
    {
      proximityLayerID: 1,
      enabled: true,
      icon: 'local_hospital',
      name: 'Hospitals',
      classification: 'Health',
      sortOrder: 1,
      pointsOfInterest: [{ name: 'Northwestern Memorial Hospital', distance: 2414, category: 'General Acute Care', address: '', icon: 'local_hospital', latitude: 41.895, longitude: -87.621 }],
    },
    {
      proximityLayerID: 4,
      enabled: false,
      icon: 'train',
      name: "CTA 'L' stations",
      classification: 'Transit',
      sortOrder: 4,
      pointsOfInterest: [{ name: 'Clinton (Blue Line)', distance: 805, category: 'Blue Line', address: '', icon: 'train', latitude: 41.8756, longitude: -87.6411 }],
    },
  ],
};

/** The section as the layers panel shows it, and the overlay's points as the map gets them. */
function Harness({ site }: { site: TSite | undefined }) {
  const { section, overlay } = useMapProximity(site, -1);
  const labels = overlay ? (overlay.data as FeatureCollection).features.map((feature) => String(feature.properties?.label)) : [];
  return (
    <>
      {section}
      <output aria-label="Points on the map">{labels.join(' | ')}</output>
    </>
  );
}

describe('useMapProximity', () => {
  it('asks for a selected site when none is', () => {
    renderPanel(<Harness site={undefined} />);
    expect(screen.getByText('Select a site to see the points of interest near it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Points on the map')).toHaveTextContent('');
  });

  it("switches the selected site's layers on and off, drawing the points of the layers switched on", async () => {
    mockApi({ 'GET reports/7': { body: [makeReport({ accountProductReportId: 900, siteId: 7, hasProximity: true, features: 8 })] }, 'GET reports/900/proximity': { body: PROXIMITY } });
    renderPanel(<Harness site={SITE} />);
    const hospitals = await screen.findByRole('checkbox', { name: 'Hospitals (1)' });
    const stations = screen.getByRole('checkbox', { name: "CTA 'L' stations (1)" });
    expect(screen.getByText('Within 3.00 mi of Willis Tower')).toBeInTheDocument();
    // Each layer starts as its default says.
    expect(hospitals).toBeChecked();
    expect(stations).not.toBeChecked();
    expect(screen.getByLabelText('Points on the map')).toHaveTextContent('Northwestern Memorial Hospital (Hospitals, 1.50 mi)');
    await userEvent.click(stations);
    await userEvent.click(hospitals);
    expect(screen.getByLabelText('Points on the map')).toHaveTextContent("Clinton (Blue Line) (CTA 'L' stations, 0.50 mi)");
    expect(screen.getByLabelText('Points on the map')).not.toHaveTextContent('Northwestern');
  });

  it('says when the report has no points of interest and links to its proximity view', async () => {
    mockApi({ 'GET reports/7': { body: [makeReport({ accountProductReportId: 900, siteId: 7, hasProximity: false })] } });
    renderPanel(<Harness site={SITE} />);
    expect(await screen.findByText(/This report has no points of interest\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open its proximity view' })).toHaveAttribute('href', expect.stringContaining('reportMode=1'));
  });
});
