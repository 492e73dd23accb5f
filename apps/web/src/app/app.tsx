import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRoutes } from '../lib/router';
import { PageLoader } from '../components/spinner';
import { Toaster } from '../components/toaster';
import { routes } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: 0 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoader label="Loading…" />}>
        <BrowserRoutes routes={routes} />
      </Suspense>
      <Toaster />
    </QueryClientProvider>
  );
}
