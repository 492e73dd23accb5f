/** An applicant at the bank step, and what the bank tests read back (bank-verification*.test.ts). */
import type { FastifyInstance } from 'fastify';
import { call, uniqueMobile } from './test-app.ts';

export const PAN_NAME = 'RAVI KUMAR SHARMA';

/** A signed-in applicant at the bank step (stage 160) whose PAN name is PAN_NAME. */
export async function fixtureApplicant(app: FastifyInstance): Promise<{ token: string; applicant_id: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: 160,
      sections: { pan_obj: { full_name: PAN_NAME, name_on_card: PAN_NAME, pan_number: 'ABCPS1234K' } },
    },
  });
  return (res.json() as { data: { token: string; applicant_id: string } }).data;
}

export type Details = [
  {
    kyc_status_obj: [{ kyc_list: { stage: number }[] }];
    bank_obj: Record<string, unknown> & { is_object: boolean };
  },
  { vpa_callback?: { status: string; status_description: string; message: string; screen: string } },
];
export const userDetails = async (app: FastifyInstance, token: string) =>
  (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data;
export const stageOf = (d: Details) => d[0].kyc_status_obj[0].kyc_list.at(-1)!.stage;
