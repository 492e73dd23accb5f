/**
 * A broker's system reads an application's status and downloads its sealed evidence bundle with
 * the typed client (docs/api-client.md):
 *
 *   EKYC_URL=https://kyc.broker.example EKYC_STAFF_EMAIL=ops@broker.example EKYC_STAFF_PASSWORD=… \
 *     EKYC_STAFF_TOTP_SECRET=… \
 *     node --import tsx docs/examples/broker-status.ts <application id>
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type ApiClient, type ApiClientOptions, createApiClient } from '@ekyc/api-client/client';
import { generate } from 'otplib';

/**
 * Signs a staff member in (log-in-staff): the staff token for the calls that follow. When the
 * server asks for the second factor (STAFF_MFA, required outside sandbox mode) the code is computed
 * from the account's TOTP secret, as its authenticator app would (verify-staff-mfa).
 */
export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string; totpSecret?: string },
  options: ApiClientOptions = {},
): Promise<string> {
  const api = createApiClient(baseUrl, options);
  const { data, error } = await api.POST('/api/v1/backoffice/login', {
    body: { email: credentials.email, password: credentials.password },
  });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  // wrong credentials are a handled refusal: HTTP 200 with status false and empty data
  if (!data.status) throw new Error(`sign-in refused: ${data.message}`);
  const step = data.data;
  if ('token' in step && typeof step.token === 'string') return step.token;
  const challenge = 'challenge' in step ? step.challenge : undefined;
  if (typeof challenge !== 'string' || !('mfa' in step) || step.mfa !== 'verify' || !credentials.totpSecret)
    throw new Error('sign-in needs the second factor: set EKYC_STAFF_TOTP_SECRET for an enrolled account');
  const second = await api.POST('/api/v1/backoffice/login/mfa', {
    body: { challenge, code: await generate({ secret: credentials.totpSecret }) },
  });
  if (second.error) throw new Error(`sign-in failed: ${second.error.message}`);
  const done = second.data.data;
  const token = second.data.status && 'token' in done ? done.token : undefined;
  if (typeof token !== 'string') throw new Error(`sign-in refused: ${second.data.message}`);
  return token;
}

export interface ApplicationReport {
  status: string;
  stage: number;
  clientCode: string | null;
  /** The sealed evidence bundle (a ZIP file). */
  evidence: Uint8Array;
}

/** An application's review status (get-application) and its evidence bundle (get-evidence-bundle). */
export async function applicationReport(api: ApiClient, id: string): Promise<ApplicationReport> {
  const params = { path: { id } };
  const application = await api.GET('/api/v1/backoffice/applications/{id}', { params });
  if (application.error) throw new Error(`${application.response.status}: ${application.error.message}`);
  const { status, stage, client_code } = application.data.data;
  const bundle = await api.GET('/api/v1/backoffice/applications/{id}/evidence-bundle', {
    params,
    parseAs: 'arrayBuffer',
  });
  if (bundle.error) throw new Error(`${bundle.response.status}: ${bundle.error.message}`);
  return { status, stage, clientCode: client_code, evidence: new Uint8Array(bundle.data) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [id] = process.argv.slice(2);
  const baseUrl = process.env.EKYC_URL ?? 'http://127.0.0.1:8080';
  if (!id) throw new Error('usage: broker-status.ts <application id>');
  const token = await signIn(baseUrl, {
    email: process.env.EKYC_STAFF_EMAIL ?? '',
    password: process.env.EKYC_STAFF_PASSWORD ?? '',
    totpSecret: process.env.EKYC_STAFF_TOTP_SECRET,
  });
  const report = await applicationReport(createApiClient(baseUrl, { token }), id);
  await writeFile(`evidence-${id}.zip`, report.evidence);
  process.stdout.write(`${id}: ${report.status} at stage ${report.stage}; evidence-${id}.zip written\n`);
}
