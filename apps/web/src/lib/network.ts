/** Whether the browser is online, as a hook and as a promise (phones drop the signal often). */
import { useSyncExternalStore } from 'react';

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Resolves when the browser says it is online (at once when it already is). */
export function whenOnline(): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
