import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ZSite, type TCurrentUser, type TSite } from '@riskatlas/domain';
import { NotifierProvider } from '../../../components/notifier';
import { CURRENT_USER_KEY } from '../../../lib/api/current-user';
import { makeUser } from '../../../test/fixtures';

/** Renders a panel as the Detail page would: inside the signed-in shell (the user loaded), with the notifier. */
export function renderPanel(panel: ReactElement, user: TCurrentUser = makeUser()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <NotifierProvider>{panel}</NotifierProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** A site as the API presents it (parsed through the contract): Willis Tower, Chicago. Test input only. */
export function makeSite(overrides: Partial<TSite> = {}): TSite {
  return ZSite.parse({
    siteId: 1,
    siteName: 'Willis Tower',
    notes: null,
    tags: [],
    street: '233 S Wacker Dr',
    street2: null,
    city: 'Chicago',
    state: 'IL',
    zipCode: '60606',
    countryCode: 'USA',
    countryDisplay: 'United States',
    latitude: 41.8789,
    longitude: -87.6359,
    ct: 2,
    created: '2026-01-01T00:00:00.000Z',
    lrr: null,
    eid: null,
    s: {},
    l: null,
    i: null,
    classes: [],
    classificationView: null,
    geocodeType: 'ADDRESS',
    ...overrides,
  });
}
