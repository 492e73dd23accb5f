/**
 * The back office's API client: /api/v1/backoffice with the staff token (kept for this tab only,
 * apart from any applicant session). A 401 ends the staff session and leads to the login page.
 */
import { useSyncExternalStore } from 'react';

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

export interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

export class StaffApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export async function staffRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string | number | undefined> } = {},
): Promise<Envelope<T>> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${BACKOFFICE_API}/${path}${qs.size ? `?${qs}` : ''}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new StaffApiError('Network error: please try again.', 0);
  }
  const body = (await res.json().catch(() => ({}))) as Partial<Envelope<T>>;
  if (res.status === 401) {
    staffToken.set(null);
    throw new StaffApiError(body.message ?? 'Please sign in again.', 401);
  }
  if (!res.ok) throw new StaffApiError(body.message ?? 'Something went wrong', res.status);
  return { status: Boolean(body.status), message: body.message ?? '', data: (body.data ?? {}) as T };
}

/** Unwraps a reply that must succeed (every back-office read). */
export async function staffData<T>(
  method: 'GET' | 'POST',
  path: string,
  options?: Parameters<typeof staffRequest>[2],
): Promise<T> {
  const reply = await staffRequest<T>(method, path, options);
  if (!reply.status) throw new StaffApiError(reply.message, 200);
  return reply.data;
}
