/** Toasts: reply messages when status is false, transport errors (section 8). */
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const toast = {
  show(kind: Toast['kind'], text: string, ms = 5000) {
    const id = nextId++;
    toasts = [...toasts.filter((t) => t.text !== text), { id, kind, text }];
    emit();
    setTimeout(() => toast.dismiss(id), ms);
  },
  error: (text: string) => toast.show('error', text),
  success: (text: string) => toast.show('success', text),
  dismiss(id: number) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => toasts,
  );
}
