import { useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from '../lib/router';
import { toast, useToasts } from '../lib/toast';

const colours = { error: 'bg-danger text-white', success: 'bg-success text-white', info: 'bg-ink text-white' };

/**
 * At the bottom of the screen, clear of the header (logo, Help, language switch) and of a dialog's
 * title; an error shows only on the page it is about.
 */
export function Toaster() {
  // outside the pages' Suspense: never waits for the catalogue (English until it is there)
  const { t } = useTranslation('common', { useSuspense: false });
  const { pathname } = useLocation();
  // the page each toast first showed on (a reply that moves to another screen shows its message
  // there); an error stays on that page and goes when the person leaves it
  const shownOn = useRef(new Map<number, string>());
  const all = useToasts();
  for (const x of all) if (!shownOn.current.has(x.id)) shownOn.current.set(x.id, pathname);
  for (const id of shownOn.current.keys()) if (!all.some((x) => x.id === id)) shownOn.current.delete(id);
  const toasts = all.filter((x) => x.kind !== 'error' || shownOn.current.get(x.id) === pathname);
  return (
    <div
      data-toaster
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {toasts.map((x) => (
        <div
          key={x.id}
          role={x.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-md items-center gap-2 rounded-lg py-1 pl-4 pr-1 shadow-lg ${colours[x.kind]}`}
        >
          <span className="py-2 text-sm break-words">{x.text}</span>
          <button
            type="button"
            aria-label={t('close')}
            className="ml-auto inline-flex min-h-11 min-w-11 items-center justify-center text-lg leading-none"
            onClick={() => toast.dismiss(x.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
