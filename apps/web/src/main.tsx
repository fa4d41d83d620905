import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInApp } from './app/app-root';
import { createQueryClient } from './lib/query-client';
import { canonicalizeLocation } from './lib/navigation';

// The address bar shows the canonical spelling from the first paint.
canonicalizeLocation();
preloadSignedInApp();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(<App queryClient={createQueryClient()} />);
