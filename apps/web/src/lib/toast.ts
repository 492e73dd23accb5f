/**
 * Toasts: reply messages when status is false, transport errors (section 8). Each thing is said
 * once: a toast repeating a message the page already shows in an alert is not raised, and the same
 * text is never stacked. The toaster keeps an error on the page it first showed on.
 */
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

/** Whether the page (outside the toasts) already shows this text in an alert. */
function pageAlreadySays(text: string): boolean {
  if (typeof document === 'undefined') return false;
  return [...document.querySelectorAll('[role="alert"]')].some(
    (el) => !el.closest('[data-toaster]') && el.textContent?.trim() === text.trim(),
  );
}

export const toast = {
  show(kind: Toast['kind'], text: string, ms = 5000) {
    if (kind === 'error' && pageAlreadySays(text)) return;
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
