import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NotifierProvider } from '../../../components/notifier';
import { setCsrfToken } from '../../../lib/csrf';

/** Renders an incidents component as a page hosts it: with the query client and the notifier. */
export function renderIncidents(ui: ReactElement) {
  setCsrfToken('csrf-test-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NotifierProvider>{ui}</NotifierProvider>
    </QueryClientProvider>,
  );
}
