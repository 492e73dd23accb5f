/**
 * The client area's API client: /api/v1/client with the client's token (kept for this tab only,
 * apart from any applicant or staff session). A 401 ends the client session and shows the sign-in.
 */
import { useSyncExternalStore } from 'react';
import { createApiClient } from '../../../lib/api-client';

export const CLIENT_API = '/api/v1/client';
const KEY = 'ekyc.client.token';

const listeners = new Set<() => void>();
function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
let token: string | null = read();

export const clientToken = {
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

export const useClientToken = () => useSyncExternalStore(clientToken.subscribe, clientToken.get, clientToken.get);

export const clientApi = createApiClient({
  base: CLIENT_API,
  token: () => token,
  onUnauthorized: () => clientToken.set(null),
});
