/**
 * A production start checks every provider setting before it serves anyone: all missing or
 * invalid ones are reported at once, one line each naming the variable and what it needs, and
 * keys and certificates are parsed then (not at the first e-sign).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { migratedPglite } from './support/pglite-template.ts';
import { EVIDENCE_KEY, PRODUCTION_PROVIDER_ENV, testPki } from './support/test-app.ts';
import { compiledApiArgs } from './support/child-server.ts';

const startProblems = async (env: Record<string, string>): Promise<string[]> => {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env });
  try {
    // the migrated template database: each start here is about its settings, not its migrations
    const app = await buildApp(config, { database: await migratedPglite() });
    await app.close();
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
  }
};

it('starts with every setting present and its keys and certificates valid', async () => {
  expect(await startProblems({ ...PRODUCTION_PROVIDER_ENV })).toEqual([]);
});

it('lists every missing setting at once, one line each', async () => {
  const env = { ...PRODUCTION_PROVIDER_ENV };
  for (const name of ['MSG91_AUTH_KEY', 'ESIGN_ESP_URL', 'ESIGN_ASP_ID', 'DIGILOCKER_CLIENT_SECRET']) delete env[name];
  const problems = await startProblems(env);
  expect(problems).toEqual(
    expect.arrayContaining([
      'MSG91_AUTH_KEY is required with EKYC_PROVIDERS=production',
      'ESIGN_ESP_URL is required with EKYC_PROVIDERS=production',
      'ESIGN_ASP_ID is required with EKYC_PROVIDERS=production',
      'DIGILOCKER_CLIENT_SECRET is required with EKYC_PROVIDERS=production',
    ]),
  );
  expect(problems).toHaveLength(4);
});

it('parses keys and certificates at start and says what each needs', async () => {
  const other = testPki().esp;
  const problems = await startProblems({
    ...PRODUCTION_PROVIDER_ENV,
    ESIGN_ASP_KEY_PEM: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----',
    ESIGN_TRUSTED_CA_PEMS: 'the CCA root',
    ESIGN_ESP_URL: 'http://esp.example.in/signdoc',
    ESIGN_FORM_FIELD: 'e Sign',
  });
  expect(problems).toEqual([
    "ESIGN_ESP_URL must be the ESP's https:// signing page address",
    'ESIGN_ASP_KEY_PEM must be the ASP RSA private key in PEM (-----BEGIN PRIVATE KEY-----)',
    'ESIGN_TRUSTED_CA_PEMS must hold PEM certificates (-----BEGIN CERTIFICATE-----)',
    'ESIGN_FORM_FIELD must be a form field name (eSignRequest, or msg for Protean)',
  ]);
  // a key whose certificate is another's
  expect(await startProblems({ ...PRODUCTION_PROVIDER_ENV, ESIGN_ASP_KEY_PEM: other.keyPem })).toEqual([
    'ESIGN_ASP_CERT_PEM must be the certificate of the key in ESIGN_ASP_KEY_PEM',
  ]);
  // a PEM with its newlines escaped, as env files often carry it, is read
  expect(
    await startProblems({
      ...PRODUCTION_PROVIDER_ENV,
      ESIGN_ASP_KEY_PEM: PRODUCTION_PROVIDER_ENV.ESIGN_ASP_KEY_PEM!.replace(/\n/g, '\\n'),
    }),
  ).toEqual([]);
});

it(
  'the server prints the list without a stack trace and exits 1, before creating its database',
  { timeout: 120_000 },
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prod-start-'));
    const run = spawnSync(process.execPath, compiledApiArgs(), {
      cwd: path.resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
      timeout: 110_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        EKYC_PROVIDERS: 'production',
        SECRET_KEY: randomBytes(32).toString('base64'),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        EVIDENCE_SIGNING_KEY: EVIDENCE_KEY,
        DATA_DIR: dataDir,
        PORT: '0',
        ESIGN_ASP_KEY_PEM: 'dummy',
        BROKER_NAME: 'Example Broking Private Limited',
        BROKER_SEBI_REGISTRATION: 'INZ000123456',
        BROKER_EXCHANGE_MEMBER_CODES: 'NSE=90210',
        BROKER_DP_ID: '12081600',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('MSG91_AUTH_KEY is required with EKYC_PROVIDERS=production');
    expect(run.stderr).toContain('ESIGN_ASP_KEY_PEM must be the ASP RSA private key in PEM');
    expect(run.stderr).toContain('DIGILOCKER_CLIENT_ID is required with EKYC_PROVIDERS=production');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain('is running');
    // the settings are checked first: no embedded database was created or migrated for a start that stops
    expect(readdirSync(dataDir)).toEqual([]);
  },
);
