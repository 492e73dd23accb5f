/**
 * The segment step asks, with a cash segment, whether the client uses the UPI block mechanism (NSE
 * master circular ISC73973); the choice reaches the exchanges' UCC: NSE ccdOptForUpi Y/N in the
 * cash segment (NA elsewhere), BSE OPTED_FOR_UPI.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSubject } from '../src/modules/registrations/registration-subject.ts';
import { bseClientDetails } from '../src/providers/registrations/bse-ucc.ts';
import { codesFor, loadCodeTables } from '../src/providers/registrations/code-tables.ts';
import { nseEntries } from '../src/providers/registrations/nse-ucc.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function applicantAtSegment(): Promise<{ token: string; id: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 190 },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { token: data.token, id: data.applicant_id };
}

/** The UCC fields the registrations would send for this applicant once approved. */
async function uccOf(id: string) {
  const tables = loadCodeTables();
  const subject = await buildSubject(
    app.deps,
    {
      applicantId: id,
      clientCode: 'EKTEST2345',
      depository: 'CDSL',
      boId: '1209990012345678',
      exchanges: ['NSE', 'BSE'],
      segments: ['equity_1'],
      approvedAt: new Date(),
      completedAt: null,
      welcomeSentAt: null,
    },
    false,
  );
  return {
    nse: nseEntries(subject, '90001', codesFor(tables, 'nse'))[0]!.ccdOptForUpi,
    bse: bseClientDetails(subject, { dpName: 'DP', codes: codesFor(tables, 'bse') }).OPTED_FOR_UPI,
  };
}

it('a client who opts for UPI blocking at the segment step is registered with it at NSE and BSE', async () => {
  const { token, id } = await applicantAtSegment();
  const res = await call(app, 'POST', 'update-segment', {
    token,
    body: { segments: ['equity_1'], upi_block_opt_in: true },
  });
  expect(res.body.status).toBe(true);
  expect(await uccOf(id)).toEqual({ nse: 'Y', bse: 'Y' });
});

it('a client who leaves it unticked is registered as not opted', async () => {
  const { token, id } = await applicantAtSegment();
  const res = await call(app, 'POST', 'update-segment', {
    token,
    body: { segments: ['equity_1'], upi_block_opt_in: false },
  });
  expect(res.body.status).toBe(true);
  expect(await uccOf(id)).toEqual({ nse: 'N', bse: 'N' });
});

it('refuses a UPI choice that is not a yes or no', async () => {
  const { token } = await applicantAtSegment();
  const res = await call(app, 'POST', 'update-segment', {
    token,
    body: { segments: ['equity_1'], upi_block_opt_in: 'maybe' },
  });
  expect(res.statusCode).toBe(400);
});
