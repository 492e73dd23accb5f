import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRoutes, Outlet, type RouteObject } from '../lib/router';
import { PageLoader } from '../components/spinner';
import { Toaster } from '../components/toaster';
import { routes } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: 0 } },
});

/** Around every page: its loader while its code downloads, and the toasts (which read the path). */
function Shell() {
  return (
    <>
      <Suspense fallback={<PageLoader label="Loading…" />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}

const appRoutes: RouteObject[] = [{ element: <Shell />, children: routes }];

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRoutes routes={appRoutes} />
    </QueryClientProvider>
  );
}
