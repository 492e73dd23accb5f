import { createContext, useContext, useLayoutEffect } from 'react';

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label && <span>{label}</span>}
    </span>
  );
}

/**
 * Told when a page loader appears (true) and goes (false), before the browser paints: a frame can
 * keep what lies below the page out of sight until the page has its full height, so that nothing
 * is pushed down while the person reads (a layout shift).
 */
export const PageLoading = createContext<((shown: boolean) => void) | null>(null);

export function PageLoader({ label }: { label: string }) {
  const report = useContext(PageLoading);
  useLayoutEffect(() => {
    if (!report) return;
    report(true);
    return () => report(false);
  }, [report]);
  return (
    <div className="flex min-h-40 items-center justify-center text-muted">
      <Spinner label={label} />
    </div>
  );
}
