/**
 * The typed client (packages/api-client) is generated from the OpenAPI document and used: the
 * committed types are what `npm run api-client` writes from the document now, and the example of
 * docs/api-client.md (a broker's system reading an application's status and evidence bundle)
 * works against the real API through them.
 */
import { readFileSync } from 'node:fs';
import { createApiClient } from '@ekyc/api-client/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationReport, signIn } from '../../../docs/examples/broker-status.ts';
import { API_CLIENT_TYPES_PATH, generatedClientTypes } from '../../../tools/api-client.ts';
import { testApp, uniqueMobile } from './support/test-app.ts';

const BASE_URL = 'https://kyc.broker.example';

/** A fetch that answers from the app in process, as the deployment at BASE_URL would. */
const fetchFrom =
  (app: FastifyInstance) =>
  async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body && { payload: body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      for (const v of [value ?? []].flat()) headers.append(name, String(v));
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

describe('the generated API client', () => {
  it('is what npm run api-client generates from the document now', { timeout: 180_000 }, async () => {
    const committed = readFileSync(API_CLIENT_TYPES_PATH, 'utf8');
    expect(
      committed === (await generatedClientTypes()),
      'packages/api-client/src/schema.ts is stale: run npm run api-client',
    ).toBe(true);
  });

  describe("the docs' example: a broker's system", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await testApp();
    });
    afterAll(async () => app?.close());

    it("reads an application's status and downloads its evidence bundle", async () => {
      const fetch = fetchFrom(app);
      const applicant = await app.inject({
        method: 'POST',
        url: '/sandbox/fixtures/applicant',
        payload: { mobile: uniqueMobile(), stage: 220 },
      });
      const id = (applicant.json() as { data: { applicant_id: string } }).data.applicant_id;
      const credentials = { email: `broker.system.${id}@broker.example`, password: 'Broker-System-Passphrase-2291' };
      await app.inject({
        method: 'POST',
        url: '/sandbox/fixtures/staff',
        payload: { ...credentials, name: 'Broker system', role: 'compliance' },
      });

      const token = await signIn(BASE_URL, credentials, { fetch });
      const report = await applicationReport(createApiClient(BASE_URL, { token, fetch }), id);
      expect(report.status).toBe('Pending');
      expect(report.stage).toBe(220);
      // a ZIP file
      expect(Buffer.from(report.evidence.subarray(0, 4)).toString('latin1')).toBe('PK\u0003\u0004');

      await expect(signIn(BASE_URL, { ...credentials, password: 'not-the-passphrase' }, { fetch })).rejects.toThrow(
        /sign-in refused/,
      );
      await expect(applicationReport(createApiClient(BASE_URL, { fetch }), id)).rejects.toThrow(/^401: /);
    });
  });
});
