/** An applicant who signed with everything the registrations need, approved by a reviewer. */
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { bearer, call, reviewerToken, uniqueMobile } from './test-app.ts';

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

/** A PAN of an individual whose digits are `digits` (7777, 6666, or anything for "accepted"). */
export function panWithDigits(digits: string): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)]!;
  return `${pick()}${pick()}${pick()}P${pick()}${digits}${pick()}`;
}

export function signedSections(pan: string, overrides: Record<string, object> = {}) {
  return {
    pan_obj: { pan_number: pan, full_name: 'ASHA KUMARI VERMA', dob: '15/08/1990', is_kra: false },
    personal_obj: {
      gender: 'F',
      marital_status: 'single',
      father_name: 'RAJ VERMA',
      occupation: 'private_sector',
      annual_income: '5_10',
      politically_exposed: true,
    },
    digilocker_obj: {
      cdl_documents: [
        {
          document_type: 'AADHAARCARD',
          house: '12',
          street: 'MG Road',
          locality: 'Andheri East',
          district_city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400069',
          uid: 'XXXXXXXX1234',
        },
      ],
    },
    bank_obj: {
      ifsc: 'HDFC0000001',
      account_number: '50100012345678',
      bank_name: 'HDFC BANK',
      account_type: 'Saving',
      bank_verify_edit: false,
    },
    segment_obj: {
      segment_list: [
        { code: 'equity_1', name: 'Equity' },
        { code: 'commodity_derivatives_1', name: 'Commodity Derivatives' },
      ],
    },
    nominee_obj: { nominee_list: [] },
    ...overrides,
  };
}

export async function approvedApplicant(
  app: FastifyInstance,
  options: { pan: string; email?: string; mobile?: string; reviewer?: string; sections?: Record<string, object> },
) {
  const mobile = options.mobile ?? uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: STAGE.STATUS,
      ...(options.email && { email: options.email }),
      sections: signedSections(options.pan, options.sections),
    },
  });
  const { token, applicant_id: id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
  const staff = options.reviewer ?? (await reviewerToken(app, `registrations.${Date.now()}@broker.example`));
  const bo = (method: 'GET' | 'POST', path: string, payload?: object) =>
    app.inject({ method, url: `/api/v1/backoffice/${path}`, headers: bearer(staff), ...(payload && { payload }) });
  await bo('POST', `applications/${id}/decisions`, {
    decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
  });
  const confirmed = await bo('POST', `applications/${id}/confirm`);
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  const status = async () =>
    (
      await call<{
        status: string;
        text: string;
        client_code: string | null;
        bo_id: string | null;
        segments: { code: string; trading_from: string }[];
        kra: { status: string; reference: string | null } | null;
        ckyc: { status: string; reference: string | null } | null;
      }>(app, 'GET', 'get-application-status', { token })
    ).body.data;
  const registrations = async () =>
    (
      (await bo('GET', `applications/${id}/registrations`)).json() as {
        data: { kind: string; status: string; reference: string | null; attempts: number; last_error: string | null }[];
      }
    ).data;
  const retry = (kind: string) => bo('POST', `applications/${id}/registrations/${kind}/retry`);
  return { id, mobile, token, staff, status, registrations, retry, bo };
}

/** The status of one registration kind. */
export const statusOf = (list: { kind: string; status: string }[], kind: string) =>
  list.find((r) => r.kind === kind)?.status;
