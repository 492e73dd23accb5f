/**
 * Access matrix: every route the app registers (read from app.routeTable at start-up) and both
 * sockets, asked by six callers: the applicant who owns the data, another applicant, a reviewer,
 * an admin, nobody, and the owner with an expired session. Each cell has its expected HTTP status;
 * a route without an entry here fails the suite, so a new route must state who may call it. The
 * other applicant, nobody and the expired session never receive any of the owner's values.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { runFullJourney } from '../support/full-journey.ts';
import { newApplicant } from '../support/journey-applicant.ts';
import { injectClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { expireSession } from '../support/session-clock.ts';
import { acknowledgedDocuments, testApp, uniqueMobile } from '../support/test-app.ts';

import { ACTORS, BY_ACCESS, type Actor, type Ctx, type Entry, type Expect } from './access-matrix/entries.ts';
import { APPLICANT_MATRIX } from './access-matrix/applicant-routes.ts';
import { BACKOFFICE_MATRIX } from './access-matrix/backoffice-routes.ts';

/** The matrix. Keys are `METHOD url` as Fastify registered them. */
const MATRIX: Record<string, Entry> = { ...APPLICANT_MATRIX, ...BACKOFFICE_MATRIX };
/** Wire-format routes of the sandbox providers (credentials of the provider's own kind, not a bearer). */
const SANDBOX_WIRE =
  /^(GET|POST) \/sandbox\/(pan|kra|digilocker|market-data|account-aggregator|ifsc|bank|bank-payu|kaleyra|msg91|upi|rpd|liveness|esign|esign-alt|registrations|trading-platform|tsa|back-office)\//;
/** The built web app's files (whatever the build holds): public, outside the API and the sandbox. */
const WEB_ASSET = /^GET \/(?!api\/|sandbox\/|ws\/|docs)[\w./-]+\.[a-z0-9]+$/i;

function entryFor(key: string): Entry | undefined {
  if (MATRIX[key]) return MATRIX[key];
  // the sandbox pages' own scripts and the sandbox CA certificate: public files
  if (/^GET \/sandbox\/[\w/-]+\.(js|pem)$/.test(key)) return { access: 'sandbox' };
  if (SANDBOX_WIRE.test(key) || WEB_ASSET.test(key)) return { access: SANDBOX_WIRE.test(key) ? 'provider' : 'static' };
  return undefined;
}

let app: FastifyInstance;
let ctx: Ctx;
const tokens = {} as Record<Actor, string | undefined>;
let canaries: string[] = [];

async function post(url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, payload });
  return res.json() as { status: boolean; data: Record<string, string> };
}

beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  // the owner: a real journey up to the e-sign step, with a transaction open
  const client = injectClient(app);
  const applicant = newApplicant('access-matrix-owner');
  const journey = await runFullJourney(client, { applicant, assets: await journeyAssets(), until: 'selfie' });
  tokens.owner = journey.token;
  const session = await app.deps.sessions.authenticate(journey.token, 'applicant');
  const auth = { authorization: `Bearer ${journey.token}` };
  const initiated = (await app.inject({ method: 'GET', url: '/api/v1/ekyc/esign-initate', headers: auth })).json() as {
    data: { epro_id: string };
  };
  const consent = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/ekyc/esign-consent?epro_id=${initiated.data.epro_id}&documents=${await acknowledgedDocuments(app)}`,
      headers: auth,
    })
  ).json() as { data: { transaction_id: string } };
  const details = (await app.inject({ method: 'GET', url: '/api/v1/ekyc/get-user-details', headers: auth })).json() as {
    data: [{ signature_obj: { document: string } }];
  };
  // another applicant at the same stage, with data of their own
  const other = await post('/sandbox/fixtures/applicant', { mobile: uniqueMobile(), stage: 210 });
  tokens.other = other.data.token;
  // staff
  const staff = async (role: 'reviewer' | 'admin') => {
    const email = `${role}${uniqueMobile()}@example.com`;
    const created = await post('/sandbox/fixtures/staff', {
      email,
      name: `Matrix ${role}`,
      role,
      password: 'matrix password 1234',
    });
    const login = await post('/api/v1/backoffice/login', { email, password: 'matrix password 1234' });
    return { id: created.data.id!, token: login.data.token };
  };
  tokens.reviewer = (await staff('reviewer')).token;
  tokens.admin = (await staff('admin')).token;
  const target = await staff('reviewer');
  // the owner's second session, left for three days
  const stale = await app.deps.sessions.create('applicant', session!.subjectId);
  await expireSession(app.deps, stale.token);
  tokens.expired = stale.token;
  tokens.anonymous = undefined;
  ctx = {
    ownerId: session!.subjectId,
    fileUrl: details.data[0].signature_obj.document,
    staffId: target.id,
    eproId: initiated.data.epro_id,
    documents: await acknowledgedDocuments(app),
    txn: consent.data.transaction_id,
    mobile: applicant.mobile,
    jpeg: (await journeyAssets()).selfieJpeg,
    otherId: other.data.applicant_id!,
  };
  canaries = [
    applicant.pan,
    applicant.accountNumber,
    applicant.mobile,
    applicant.email,
    session!.subjectId,
    applicant.dob,
  ];
}, 240_000);
afterAll(() => app.close());

const fill = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));

it(
  'every route has an entry, and every cell answers as expected without leaking the owner’s data',
  { timeout: 240_000 },
  async () => {
    const routes = app.routeTable.filter((r) => !r.websocket);
    const keys = [...new Set(routes.map((r) => `${r.method} ${r.url}`))];
    const missing = keys.filter((k) => !entryFor(k));
    expect(missing, 'routes without an entry in the access matrix').toEqual([]);

    // sign-outs last: they end the session they are called with
    const ordered = [...keys.filter((k) => !k.endsWith('/logout')), ...keys.filter((k) => k.endsWith('/logout'))];
    const mismatches: string[] = [];
    const leaks: string[] = [];
    const providerAnswers: Record<string, number> = {};
    let cells = 0;
    for (const key of ordered) {
      const entry = entryFor(key)!;
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const expected: Expect = { ...BY_ACCESS[entry.access], ...entry.expect };
      for (const actor of ACTORS) {
        const sample = entry.sample?.(ctx) ?? {};
        const qs = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
        const token = tokens[actor];
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        let payload: string | undefined;
        if (sample.body !== undefined) {
          headers['content-type'] = sample.form ? 'application/x-www-form-urlencoded' : 'application/json';
          payload = sample.form
            ? new URLSearchParams(sample.body as Record<string, string>).toString()
            : JSON.stringify(sample.body);
        } else if (method === 'POST') {
          headers['content-type'] = 'application/json';
          payload = '{}';
        }
        const res = await app.inject({ method, url: sample.url ?? fill(url, sample.params) + qs, headers, payload });
        cells += 1;
        if (entry.access === 'provider') {
          // no bearer of any kind opens a provider's route: every caller gets the same refusal
          const first = (providerAnswers[key] ??= res.statusCode);
          if (res.statusCode !== first || res.statusCode < 400 || res.statusCode >= 500)
            mismatches.push(`${key} as ${actor}: ${res.statusCode}, expected the same 4xx for everyone (${first})`);
        } else if (res.statusCode !== expected[actor])
          mismatches.push(`${key} as ${actor}: ${res.statusCode}, expected ${expected[actor]}`);
        if (['other', 'anonymous', 'expired'].includes(actor) && !/^\/sandbox\/(outbox)?$/.test(url)) {
          const body = res.body;
          for (const c of canaries) if (body.includes(c)) leaks.push(`${key} as ${actor} shows ${c}`);
        }
      }
    }
    console.log(
      `access matrix: ${keys.length} routes × ${ACTORS.length} callers = ${cells} cells, ${mismatches.length} unexpected, ${leaks.length} leaks`,
    );
    if (leaks.length + mismatches.length) console.log([...leaks, ...mismatches].join('\n'));
    expect(leaks).toEqual([]);
    expect(mismatches).toEqual([]);
  },
);

it('a tampered file signature is refused to everyone', async () => {
  const url = ctx.fileUrl.replace(
    /sig=([^&]+)/,
    (_m, sig: string) => `sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
  );
  for (const actor of ACTORS) {
    const token = tokens[actor];
    const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.statusCode, actor).toBe(401);
  }
});

async function firstMessage(url: string): Promise<{ message: Record<string, unknown>; raw: string; code?: number }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${url}`);
  return new Promise((resolve, reject) => {
    // an open e-sign transaction says nothing until it ends: silence within 2 s means accepted
    const timer = setTimeout(() => {
      socket.close();
      resolve({ message: {}, raw: '' });
    }, 2_000);
    socket.once('message', (m: Buffer) => {
      clearTimeout(timer);
      const raw = m.toString();
      socket.once('close', (code) => resolve({ message: JSON.parse(raw) as Record<string, unknown>, raw, code }));
      setTimeout(() => {
        socket.close();
        resolve({ message: JSON.parse(raw) as Record<string, unknown>, raw });
      }, 300);
    });
    socket.once('error', reject);
  });
}

it(
  'sockets: only the owner’s session receives the owner’s profile and e-sign status',
  { timeout: 60_000 },
  async () => {
    const rows: string[] = [];
    // the matrix ended both applicants' sessions with logout: sign them in again
    tokens.owner = (await app.deps.sessions.create('applicant', ctx.ownerId)).token;
    tokens.other = (await app.deps.sessions.create('applicant', ctx.otherId)).token;
    const profile: Record<Actor, 'data' | 'refused'> = {
      owner: 'data',
      other: 'data',
      reviewer: 'refused',
      admin: 'refused',
      anonymous: 'refused',
      expired: 'refused',
    };
    const esign: Record<Actor, 'open' | 'unknown' | 'refused'> = {
      owner: 'open',
      other: 'unknown',
      reviewer: 'refused',
      admin: 'refused',
      anonymous: 'refused',
      expired: 'refused',
    };
    for (const actor of ACTORS) {
      const q = tokens[actor] ? `token=${encodeURIComponent(tokens[actor])}` : '';
      const p = await firstMessage(`/ws/user_profile/?${q}`);
      expect(p.message.disconnect ? 'refused' : 'data', `profile as ${actor}`).toBe(profile[actor]);
      if (actor !== 'owner')
        for (const c of canaries) expect(p.raw.includes(c), `profile as ${actor} shows a canary`).toBe(false);
      else expect(p.raw).toContain(canaries[0]);
      if (p.message.disconnect) expect(p.code, `profile close code as ${actor}`).toBe(4001);

      const e = await firstMessage(`/ws/esign_status/?${q}&transaction_id=${ctx.txn}`);
      const kind =
        e.message.message === 'Unauthorized'
          ? 'refused'
          : e.message.message === 'Unknown transaction'
            ? 'unknown'
            : 'open';
      expect(kind, `e-sign status as ${actor}`).toBe(esign[actor]);
      rows.push(`${actor}: profile ${profile[actor]}, e-sign ${kind}`);
    }
    console.log(
      `access matrix sockets: 2 sockets × ${ACTORS.length} callers = ${rows.length * 2} cells as expected (${rows.join('; ')})`,
    );
  },
);
