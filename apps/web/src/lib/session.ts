/**
 * Session state of spec section 3, persisted in localStorage so a closed tab resumes.
 * A tiny external store: components read it with useSession().
 */
import { useSyncExternalStore } from 'react';

export interface UtmParameters {
  refcode?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

/** The campaign parameters the sign-up page keeps (section 2), in the order a link carries them. */
export const UTM_KEYS = ['refcode', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The campaign parameters of a query string, each cut to 128 characters; empty ones left out. */
export function utmFromQuery(params: URLSearchParams): UtmParameters {
  return Object.fromEntries(
    UTM_KEYS.map((k) => [k, params.get(k)?.slice(0, 128)]).filter(([, v]) => v),
  ) as UtmParameters;
}

export interface SessionState {
  isAuthenticated: boolean;
  token: string | null;
  phoneNumberEntered: string;
  userAuthInfo: { email: string; mobile: string; whatspp_opt: boolean };
  clienttrnxid: string | null;
  signedPdfUrl: string | null;
  stageToMoveFromPan: string | null;
  utmParameters: UtmParameters;
  transactionId: string | null;
  is_pan_missing: boolean;
  panOcrViaImage: boolean;
  segmentFailed: boolean;
}

const KEY = 'ekyc.session';
const initial: SessionState = {
  isAuthenticated: false,
  token: null,
  phoneNumberEntered: '',
  userAuthInfo: { email: '', mobile: '', whatspp_opt: false },
  clienttrnxid: null,
  signedPdfUrl: null,
  stageToMoveFromPan: null,
  utmParameters: {},
  transactionId: null,
  is_pan_missing: false,
  panOcrViaImage: false,
  segmentFailed: false,
};

function load(): SessionState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...initial, ...(JSON.parse(raw) as Partial<SessionState>) } : initial;
  } catch {
    return initial;
  }
}

let state: SessionState = load();
const listeners = new Set<() => void>();

export const session = {
  get: () => state,
  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    try {
      localStorage.setItem(KEY, JSON.stringify(state));
    } catch {
      // private mode: the session lives for this tab only
    }
    listeners.forEach((l) => l());
  },
  /** Signs out locally; keeps the campaign parameters of the first visit. */
  clear() {
    session.set({ ...initial, utmParameters: state.utmParameters });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      state = load();
      listeners.forEach((l) => l());
    }
  });

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
