/**
 * A step whose call moved the stage on but which still has something to say (the cheque read
 * differently from what was typed) holds the applicant on itself until they press Continue: its
 * message belongs to it, not to the next step (where a toast would lie over the signature pad).
 * The stage guard leaves a held step alone; the step shows only its message and Continue.
 */
import { useSyncExternalStore } from 'react';

let held: string | null = null;
const listeners = new Set<() => void>();

/** Hold the applicant on this path (without the base path), or release the hold with null. */
export function holdStep(path: string | null) {
  held = path;
  listeners.forEach((l) => l());
}

export function useHeldStep(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => held,
  );
}
