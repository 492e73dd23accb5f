/**
 * Pages load as their own chunks. On a phone the network drops between two steps, so a chunk that
 * fails is tried again (once the browser is online) before the page gives up; a page that gave up
 * is loaded afresh when the person presses Retry (React keeps a failed lazy component failed).
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The page's code could not be downloaded (as opposed to a page that failed while rendering). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

const RETRIES = 2;
const failedPages = new Set<() => void>();

async function loadWithRetry<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= RETRIES) throw new PageLoadError(err);
      // offline: wait for the network to come back before the next try
      if (navigator.onLine === false)
        await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    }
  }
}

type Page = ComponentType;

/** A lazily loaded page whose failed load is retried, and can be started again by resetFailedPages. */
export function lazyPage(load: () => Promise<{ default: Page }>): Page {
  let current: LazyExoticComponent<Page>;
  const create = () => {
    current = lazy(() =>
      loadWithRetry(load).catch((err: unknown) => {
        failedPages.add(create);
        throw err;
      }),
    );
  };
  create();
  return function LazyPage() {
    return createElement(current);
  };
}

/** Starts every page that gave up loading afresh (the Retry button, or the network coming back). */
export function resetFailedPages() {
  const pages = [...failedPages];
  failedPages.clear();
  pages.forEach((recreate) => recreate());
}
