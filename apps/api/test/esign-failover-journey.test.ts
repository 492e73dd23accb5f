/**
 * E-sign failover through the applicant's own calls: with the first sandbox ESP failing
 * (SANDBOX_FAULTS=esign:500 on its health address), the e-sign consent sends the applicant to the
 * second ESP, the applicant signs there, and the signing completes as usual; the transaction and
 * the e-sign record name the vendor that signed. After PROVIDER_BREAKER_FAILURES failures the
 * first vendor's circuit opens and it is no longer asked. The metrics say all of it per provider.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { esignVendorsRepository } from '../src/records/esign-vendors.repository.ts';
import { postForm, signAtEsp } from './support/esign-flow.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';
import { ESIGN_IDENTITY } from './support/esign-applicant.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SANDBOX_FAULTS: 'esign:500', PROVIDER_BREAKER_FAILURES: '2' });
}, 120_000);
afterAll(() => app.close());

const SECTIONS = {
  ...ESIGN_IDENTITY,
  bank_obj: { ifsc: 'HDFC0000001', bank_name: 'HDFC Bank', account_number: '123456789012', account_type: 'Saving' },
  nominee_obj: { skip_nominee: true },
  segment_obj: { segment_list: [{ code: 'equity_1', name: 'Equity' }] },
};

/** An applicant at the e-sign signs wherever the consent sends them; what the API recorded. */
async function sign() {
  const mobile = uniqueMobile();
  const pan = `ABCPF${mobile.slice(-4)}K`;
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 210, sections: { ...SECTIONS, pan_obj: { ...SECTIONS.pan_obj, pan_number: pan } } },
  });
  const { token, applicant_id: id } = (seeded.json() as { data: { token: string; applicant_id: string } }).data;
  const initiated = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token });
  expect(initiated.body.status).toBe(true);
  const { consent, response } = await signAtEsp(app, token, mobile, initiated.body.data.epro_id);
  const done = await postForm(app, response.action, response.fields);
  expect(done.body).toContain('Document signed');
  const stages = await call<[{ kyc_status_obj: [{ kyc_list: { stage: number }[] }] }]>(app, 'GET', 'get-user-details', {
    token,
  });
  return {
    espPage: /action="([^"]+)"/.exec(consent.api_response)![1],
    stage: stages.body.data[0].kyc_status_obj[0].kyc_list.at(-1)!.stage,
    vendor: await esignVendorsRepository.vendorOf(app.deps.database.db, consent.transaction_id),
    esp: ((await app.deps.records.getSection(id, 'esign_obj')) as { esp?: string }).esp,
  };
}

it(
  'sends applicants to the second ESP while the first fails, and stops asking the first once its circuit opens',
  { timeout: 300_000 },
  async () => {
    for (let i = 0; i < 3; i++)
      expect(await sign()).toEqual({
        espPage: '/sandbox/esign-alt/esp',
        stage: 220,
        vendor: 'esign-alt',
        esp: 'esign-alt',
      });
    const metrics = await app.deps.metrics.registry.metrics();
    // asked twice (two failures open the circuit), then skipped without a call
    expect(metrics).toContain(
      'ekyc_provider_failures_total{provider="esign",call="GET /sandbox/esign/health",cause="server_error"} 2',
    );
    expect(metrics).toContain('ekyc_provider_choices_total{service="esign",provider="esign",outcome="failed"} 2');
    expect(metrics).toContain('ekyc_provider_choices_total{service="esign",provider="esign",outcome="circuit_open"} 1');
    expect(metrics).toContain('ekyc_provider_choices_total{service="esign",provider="esign-alt",outcome="chosen"} 3');
    expect(metrics).toContain('ekyc_provider_circuit_open{provider="esign"} 1');
    expect(metrics).toContain('ekyc_provider_calls_total{provider="esign-alt",outcome="ok"} 3');
  },
);
