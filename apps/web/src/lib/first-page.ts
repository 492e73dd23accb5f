/**
 * The page index.html painted before the scripts ran (#shell, journey pages only) and the moment
 * the app's first page takes its place: work that can wait (the service worker's installation)
 * starts after it, not while the first page's own scripts download and run.
 */
let shown: () => void = () => undefined;
const firstPage = new Promise<void>((resolve) => (shown = resolve));

/** Takes away the early paint: the app's first page (or its error message) is in its place. */
export function replaceShell(): void {
  document.getElementById('shell')?.remove();
  shown();
}

/** Resolves once a journey page has replaced the early paint; elsewhere, `fallbackMs` after the load event. */
export function firstPageShown(fallbackMs: number): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.race([firstPage, loaded.then(() => new Promise<void>((r) => setTimeout(r, fallbackMs)))]);
}

/** Runs `fn` when the browser has nothing more urgent to do (a timer where requestIdleCallback is missing: Safari). */
export function whenIdle(fn: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, 50);
}
