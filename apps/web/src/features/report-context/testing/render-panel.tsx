import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TCurrentUser } from '@riskatlas/domain';
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
