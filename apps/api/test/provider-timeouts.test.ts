/**
 * Provider timeouts: an outside provider that never answers, or answers 500, costs the applicant
 * the provider's short timeout and then a message that says what to do; each failure is logged
 * with provider, call and cause (no personal data) and counted. The production PAN adapter is
 * pointed at a local HTTP server; SANDBOX_FAULTS makes the sandbox providers fail the same way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  configureProviderCalls,
  fetchJson,
  ProviderError,
  type ProviderFailure,
  providerHostNames,
} from '../src/providers/http.ts';
import { call, logLines, PRODUCTION_PROVIDER_ENV, signUpWithEmail, testApp, uniqueMobile } from './support/test-app.ts';

type Behaviour = 'hang' | '500';
let behaviour: Behaviour = 'hang';
/** The bodies the provider read whole, in the order they came. */
const received: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString());
      if (behaviour === '500') res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
      // 'hang': never answers
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Each case its own PAN: a request the timed-out case sent may reach the provider only later. */
const PANS: Record<Behaviour, string> = { hang: 'BCDPS4321K', '500': 'BCDPS4322K' };
const panBody = { pan: PANS.hang, pan_name: 'Sunita Sharma', date_of_birth: '05/06/1985' };

/**
 * The provider's timeout for each case: short where the provider never answers; where it answers
 * 500 long enough that a busy machine cannot turn the answer into a timeout.
 */
const TIMEOUT_MS: Record<Behaviour, number> = { hang: 300, '500': 60_000 };

for (const b of ['hang', '500'] as Behaviour[])
  describe(`a production provider that ${b === 'hang' ? 'never answers' : 'answers 500'}`, () => {
    let app: FastifyInstance;
    const { lines, logStream } = logLines();
    beforeAll(async () => {
      app = await testApp(
        {
          ...PRODUCTION_PROVIDER_ENV,
          PAN_BASE_URL: base,
          PROVIDER_TIMEOUTS: `pan=${TIMEOUT_MS[b]}`,
          LOG_LEVEL: 'info',
        },
        { logStream },
      );
    });
    afterAll(() => app.close());

    async function applicantAtPan() {
      const { records, sessions } = app.deps;
      const { applicant } = await records.create({
        mobile: uniqueMobile(),
        whatsappOpt: false,
        utm: {},
        source: 'web',
      });
      await records.completeStage(applicant.id, 120);
      return (await sessions.create('applicant', applicant.id)).token;
    }

    const failuresLogged = () =>
      lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === 'provider call failed' && l.provider === 'pan');

    it(`${b === 'hang' ? 'times out' : 'answers 500'}: the applicant is told to try again, the failure is logged and counted`, async () => {
      behaviour = b;
      const token = await applicantAtPan();
      const body = { ...panBody, pan: PANS[b] };
      const res = await call(app, 'POST', 'pan-validation?is_ocr=false', { token, body });
      // the 500 server answered once (no retry); the silent one may not even have read the request
      // before the timeout
      if (b === '500') expect(received.filter((r) => r.includes(PANS[b])).length).toBe(1);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatchObject({ status: false, message: MSG.panProviderUnavailable });
      const cause = b === 'hang' ? 'timeout' : 'server_error';
      const entry = failuresLogged();
      expect(entry).toHaveLength(1);
      expect(entry[0]).toMatchObject({ provider: 'pan', cause, level: 40 });
      expect(String(entry[0]!.call)).toMatch(/^POST \//);
      expect(lines.join('\n')).not.toContain(PANS[b]);
      expect(lines.join('\n')).not.toContain('Sunita');
      const metric = await app.deps.metrics.registry.getSingleMetricAsString('ekyc_provider_failures_total');
      expect(metric).toMatch(
        new RegExp(`ekyc_provider_failures_total\\{provider="pan",call="[^"]+",cause="${cause}"\\} 1`),
      );
    });
  });

describe('the shared HTTP helper', () => {
  it('gives up after the provider timeout, however long the adapter asked for', async () => {
    behaviour = 'hang';
    const failures: ProviderFailure[] = [];
    configureProviderCalls({
      timeouts: { defaultMs: 60_000, byProvider: { kra: 200 } },
      hostNames: { [new URL(base).host]: 'kra' },
      onFailure: (f) => failures.push(f),
    });
    const err = await fetchJson(`${base}/enquiry/ravi@okhdfcbank/ABCDE1234F?pan=ABCDE1234F`, {
      timeoutMs: 60_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).reason).toBe('timeout');
    expect(failures).toEqual([
      expect.objectContaining({ provider: 'kra', call: 'GET /enquiry/:id/:id', cause: 'timeout' }),
    ]);
  });

  it('names production hosts after their settings, as the sandbox names the provider', () => {
    expect(
      providerHostNames({
        PAN_BASE_URL: 'https://pan.example.com/api',
        CASHFREE_BASE_URL: 'https://payout-api.cashfree.com',
        HYPERVERGE_MODULE_URL: 'https://liveness.example.com/module',
        AA_WEBVIEW_URL: 'https://aa.example.com/webview',
        DATABASE_URL: 'postgres://db.example.com/ekyc',
      }),
    ).toEqual({
      'pan.example.com': 'pan',
      'payout-api.cashfree.com': 'bank',
      'liveness.example.com': 'liveness',
      'aa.example.com': 'account-aggregator',
    });
  });

  it('names a refused connection as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await fetchJson(`http://127.0.0.1:${port}/x`).catch((e: unknown) => e);
    expect((err as ProviderError).reason).toBe('unreachable');
  });
});

describe('SANDBOX_FAULTS', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ SANDBOX_FAULTS: 'pan:timeout,upi:unreachable', PROVIDER_TIMEOUTS: 'pan=200' });
  });
  afterAll(() => app.close());

  it('makes a sandbox provider never answer: the PAN step answers that the source is unreachable', async () => {
    const { token } = await signUpWithEmail(app);
    const res = await call(app, 'POST', 'pan-validation?is_ocr=false', { token, body: panBody });
    expect(res.body).toMatchObject({ status: false, message: MSG.panProviderUnavailable });
  });

  it('makes a sandbox provider unreachable: the UPI step offers the manual bank details', async () => {
    const { records, sessions } = app.deps;
    const { applicant } = await records.create({ mobile: uniqueMobile(), whatsappOpt: false, utm: {}, source: 'web' });
    for (const stage of [120, 130, 140, 150] as const) await records.completeStage(applicant.id, stage);
    const { token } = await sessions.create('applicant', applicant.id);
    const res = await call(app, 'POST', 'vpa-validation', { token, body: { vpa_id: 'ravi@okhdfcbank' } });
    expect(res.body).toMatchObject({ status: false, message: MSG.upiProviderUnavailable });
  });

  it('is a sandbox setting: a production start refuses it, and names what is malformed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_FAULTS: 'pan:timeout' })).toThrow(/SANDBOX_FAULTS/);
    expect(() => loadConfig({ SANDBOX_FAULTS: 'pan:sometimes' })).toThrow(/SANDBOX_FAULTS/);
    expect(loadConfig({ SANDBOX_FAULTS: 'kra:500,pan:slow=2000', DATA_DIR: 'memory://' }).sandboxFaults).toEqual({
      kra: { kind: '500' },
      pan: { kind: 'slow', ms: 2000 },
    });
  });
});
