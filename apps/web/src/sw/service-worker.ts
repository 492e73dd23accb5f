/// <reference lib="webworker" />
/**
 * The app's service worker: keeps the app on the phone so that a reload without network shows the
 * app (with its offline notice) instead of the browser's error page.
 *
 * - The build's own files (scripts, styles, catalogues, icon) are precached at install and served
 *   from the cache; a new release installs a new list and drops the old files.
 * - Pages are fetched from the network first (the server paints each page in the applicant's
 *   language); each answer is kept, and offline the kept page of that address, or else any kept
 *   page, is shown: the app is one page whose router draws the step from the address.
 * - API calls, sockets, the sandbox, the back office and the downloadable forms (PDFs) are never
 *   touched.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PAGES = 'ekyc-pages-v1';
/** Where a kept page may be shown: the applicant's journey and the public pages. */
const NOT_PAGES = [/^\/downloads\//, /^\/api\//, /^\/ws\//, /^\/sandbox\//, /^\/backoffice/, /^\/docs/, /^\/metrics/];

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

async function page(request: Request): Promise<Response> {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.startsWith('text/html'))
      await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request.url)) ?? (await anyKeptPage(cache));
    if (kept) return kept;
    throw error;
  }
}

async function anyKeptPage(cache: Cache): Promise<Response | undefined> {
  const keys = await cache.keys();
  const journey = keys.find((k) => new URL(k.url).pathname.startsWith('/ekyc1')) ?? keys[0];
  return journey ? cache.match(journey) : undefined;
}

registerRoute(new NavigationRoute(({ request }) => page(request), { denylist: NOT_PAGES }));
