import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { EVIDENCE_KEY, call, signUpWithEmail, testApp } from './support/test-app.ts';

describe('operations endpoints', () => {
  let app: FastifyInstance;
  let logs = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    app = await testApp({ LOG_LEVEL: 'debug' }, { logStream: stream });
  });
  afterAll(() => app.close());

  it('answers health and readiness', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('exposes Prometheus metrics with request latency and stage transitions', async () => {
    const { token } = await signUpWithEmail(app);
    await call(app, 'GET', 'get-user-details', { token });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(/ekyc_http_request_duration_seconds_bucket\{.*route="\/api\/v1\/ekyc\/verify-otp"/);
    expect(text).toMatch(/ekyc_stage_transitions_total\{stage="120"\} [1-9]/);
    expect(text).toMatch(/ekyc_open_sockets \d+/);
  });

  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const doc = (await app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    expect(doc.paths['/api/v1/ekyc/send-otp']?.post?.requestBody).toBeDefined();
    expect((await app.inject({ url: '/docs/' })).statusCode).toBe(200);
  });

  it('keeps OTPs, tokens, mobile numbers and emails out of the logs of a journey', async () => {
    const { token, mobile, email } = await signUpWithEmail(app);
    await app.inject({ url: `/ws/user_profile/?token=${token}` });
    const otps = ((await app.inject({ url: `/sandbox/outbox?to=${mobile}` })).json() as { otp: string }[]).map(
      (m) => m.otp,
    );
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [token, mobile, email, ...otps]) expect(logs).not.toContain(secret);
  });
});

describe('production start', () => {
  it('refuses sandbox providers and missing secrets with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /EKYC_PROVIDERS=sandbox[\s\S]*SECRET_KEY is missing[\s\S]*ENCRYPTION_KEY is missing/,
    );
  });
  it('starts when told explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'production', EKYC_ALLOW_INSECURE: 'true', DATA_DIR: 'memory://' }).sandbox).toBe(
      true,
    );
  });
  it('accepts production providers with both keys', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const production = {
      NODE_ENV: 'production',
      EKYC_PROVIDERS: 'production',
      SECRET_KEY: key,
      ENCRYPTION_KEY: key,
      EVIDENCE_SIGNING_KEY: EVIDENCE_KEY,
    };
    // the broker's registrations are printed on every page, form and email: a production start needs them
    expect(() => loadConfig(production)).toThrow(/BROKER_NAME, BROKER_SEBI_REGISTRATION/);
    const config = loadConfig({
      ...production,
      BROKER_NAME: 'Example Broking Private Limited',
      BROKER_SEBI_REGISTRATION: 'INZ000123456',
      BROKER_EXCHANGE_MEMBER_CODES: 'NSE=90210,BSE=6543',
      BROKER_DP_ID: 'IN301234',
    });
    expect(config.sandbox).toBe(false);
    expect(config.broker).toMatchObject({ dp_id: 'IN301234', sample: false });
  });
  it('hashes staff passwords at scrypt N = 2^15 unless a test lowers it, and refuses a lower cost elsewhere', () => {
    const insecure = { EKYC_ALLOW_INSECURE: 'true', DATA_DIR: 'memory://' };
    expect(loadConfig({ NODE_ENV: 'production', ...insecure }).staffPasswordLogN).toBe(15);
    expect(loadConfig({ NODE_ENV: 'test', ...insecure, STAFF_PASSWORD_SCRYPT_LOG_N: '10' }).staffPasswordLogN).toBe(10);
    for (const NODE_ENV of ['production', 'development'] as const)
      expect(() => loadConfig({ NODE_ENV, ...insecure, STAFF_PASSWORD_SCRYPT_LOG_N: '14' })).toThrow(
        /STAFF_PASSWORD_SCRYPT_LOG_N below 15 is for automated tests only/,
      );
  });
});
