/**
 * A broker's system reads an application's status and downloads its sealed evidence bundle with
 * the typed client (docs/api-client.md):
 *
 *   EKYC_URL=https://kyc.broker.example EKYC_STAFF_EMAIL=ops@broker.example EKYC_STAFF_PASSWORD=… \
 *     node --import tsx docs/examples/broker-status.ts <application id>
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type ApiClient, type ApiClientOptions, createApiClient } from '@ekyc/api-client/client';

/** Signs a staff member in (log-in-staff): the staff token for the calls that follow. */
export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
  options: ApiClientOptions = {},
): Promise<string> {
  const { data, error } = await createApiClient(baseUrl, options).POST('/api/v1/backoffice/login', {
    body: credentials,
  });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  // wrong credentials are a handled refusal: HTTP 200 with status false and empty data
  const token = data.status ? data.data.token : undefined;
  if (typeof token !== 'string') throw new Error(`sign-in refused: ${data.message}`);
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
  });
  const report = await applicationReport(createApiClient(baseUrl, { token }), id);
  await writeFile(`evidence-${id}.zip`, report.evidence);
  process.stdout.write(`${id}: ${report.status} at stage ${report.stage}; evidence-${id}.zip written\n`);
}
