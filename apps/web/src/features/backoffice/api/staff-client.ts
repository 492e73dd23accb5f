/**
 * The back office's API client: /api/v1/backoffice with the staff token (kept for this tab only,
 * apart from any applicant session). A 401 ends the staff session and leads to the login page.
 */
import { useSyncExternalStore } from 'react';
import { createApiClient } from '../../../lib/api-client';

export const BACKOFFICE_API = '/api/v1/backoffice';
const KEY = 'ekyc.staff.token';

const listeners = new Set<() => void>();
function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
let token: string | null = read();

export const staffToken = {
  get: () => token,
  set(value: string | null) {
    token = value;
    try {
      if (value) sessionStorage.setItem(KEY, value);
      else sessionStorage.removeItem(KEY);
    } catch {
      // no storage: the session lasts until reload
    }
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const useStaffToken = () => useSyncExternalStore(staffToken.subscribe, staffToken.get, staffToken.get);

/** The back office's instance of the one API client. */
export const staffApi = createApiClient({
  base: BACKOFFICE_API,
  token: () => token,
  onUnauthorized: () => staffToken.set(null),
});

export const staffRequest = staffApi.request;
/** Unwraps a reply that must succeed (every back-office read). */
export const staffData = staffApi.data;
