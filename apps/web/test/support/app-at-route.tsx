/**
 * Route-level tests: the whole applicant app rendered at a URL, the way a browser opens it, with
 * the API answered by a fake server keyed by call (`'POST bank-verification'`). Each handler gets
 * the request body and query and returns the reply envelope; calls nobody answers fail the test.
 */
import { SECTION_NAMES, type UserDetailsRecord } from '@ekyc/contracts/user-details';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';

export interface Reply {
  status: boolean;
  message: string;
  data: unknown;
  code?: string;
}
export type Handler = (call: { body: unknown; query: URLSearchParams }) => Reply | Promise<Reply>;

/** A user details record at `stage`: every stage before it accepted as pending, sections given merged in. */
export function userDetails(stage: number, sections: Record<string, Record<string, unknown>> = {}): UserDetailsRecord {
  const stages = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220].filter((s) => s <= stage);
  const first: Record<string, unknown> = {
    kyc_status_obj: [{ kyc_list: stages.map((s) => ({ stage: s, admin_activity: s < stage ? 'Pending' : null })) }],
    mobile_obj: { is_object: true, mobile: '9876543210', email: 'asha@example.com', whatspp_opt: false },
    client_code: null,
  };
  for (const name of SECTION_NAMES) first[name] = { is_object: false, ...sections[name] };
  return [first, {}] as unknown as UserDetailsRecord;
}

export const reply = (data: unknown, message = 'OK', status = true): Reply => ({ status, message, data });

/** Opens `path` (under /ekyc1) signed in, with the API answered by `handlers`; returns the calls made. */
export async function openRoute(path: string, handlers: Record<string, Handler>) {
  const calls: { call: string; body: unknown }[] = [];
  const unanswered: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1\/ekyc\//, '')}`;
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ call, body });
      const handler = handlers[call];
      if (!handler) {
        unanswered.push(call);
        return new Response(JSON.stringify({ status: false, message: 'Not found', data: {} }), { status: 404 });
      }
      return new Response(JSON.stringify(await handler({ body, query: url.searchParams })), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  // no live profile updates in these tests: the socket never connects
  vi.stubGlobal(
    'WebSocket',
    class {
      close() {}
      addEventListener() {}
      removeEventListener() {}
    },
  );
  localStorage.setItem('ekyc.lang', 'en');
  localStorage.setItem('ekyc.session', JSON.stringify({ isAuthenticated: true, token: 'test-token' }));
  window.history.replaceState(null, '', `/ekyc1${path}`);
  // a fresh app for each test: its query cache and session store are module state
  vi.resetModules();
  const { initI18n } = await import('../../src/i18n');
  const { App } = await import('../../src/app/app');
  await initI18n();
  await act(async () => {
    render(<App />);
  });
  return { calls, unanswered, path: () => window.location.pathname };
}
