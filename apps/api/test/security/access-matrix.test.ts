/**
 * Access matrix: every route the app registers (read from app.routeTable at start-up) and both
 * sockets, asked by six callers: the applicant who owns the data, another applicant, a reviewer,
 * an admin, nobody, and the owner with an expired session. Each cell has its expected HTTP status;
 * a route without an entry here fails the suite, so a new route must state who may call it. The
 * other applicant, nobody and the expired session never receive any of the owner's values.
 */
import { randomUUID } from 'node:crypto';
import { assistedKycDays } from '@ekyc/contracts/calls/assisted-kyc';
import { indianDay } from '@ekyc/contracts/regulation';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { injectClient, newApplicant, runFullJourney } from '../support/full-journey.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { expireSession } from '../support/session-clock.ts';
import { acknowledgedDocuments, testApp, uniqueMobile } from '../support/test-app.ts';
import { PERSONAL_DETAILS } from '../support/personal-details.ts';

const ACTORS = ['owner', 'other', 'reviewer', 'admin', 'anonymous', 'expired'] as const;
type Actor = (typeof ACTORS)[number];
/** provider: a sandbox wire-format route, authenticated by the provider's own credentials or codes */
type Access = 'applicant' | 'client' | 'reviewer' | 'admin' | 'public' | 'sandbox' | 'static' | 'provider';
type Expect = Record<Actor, number>;

const BY_ACCESS: Record<Access, Expect> = {
  applicant: { owner: 200, other: 200, reviewer: 401, admin: 401, anonymous: 401, expired: 401 },
  // the client area's own session kind: no applicant's nor staff token opens it
  client: { owner: 401, other: 401, reviewer: 401, admin: 401, anonymous: 401, expired: 401 },
  reviewer: { owner: 401, other: 401, reviewer: 200, admin: 200, anonymous: 401, expired: 401 },
  admin: { owner: 401, other: 401, reviewer: 403, admin: 200, anonymous: 401, expired: 401 },
  public: { owner: 200, other: 200, reviewer: 200, admin: 200, anonymous: 200, expired: 200 },
  sandbox: { owner: 200, other: 200, reviewer: 200, admin: 200, anonymous: 200, expired: 200 },
  static: { owner: 200, other: 200, reviewer: 200, admin: 200, anonymous: 200, expired: 200 },
  provider: { owner: 0, other: 0, reviewer: 0, admin: 0, anonymous: 0, expired: 0 },
};

interface Ctx {
  ownerId: string;
  fileUrl: string;
  staffId: string;
  eproId: string;
  documents: string;
  txn: string;
  mobile: string;
  jpeg: string;
  otherId: string;
}
interface Sample {
  query?: Record<string, string>;
  body?: unknown;
  params?: Record<string, string>;
  /** the whole URL instead (signed file links) */
  url?: string;
  form?: boolean;
}
interface Entry {
  access: Access;
  sample?: (ctx: Ctx) => Sample;
  /** cells that differ from the access level's defaults (stage guards, business answers) */
  expect?: Partial<Expect>;
}

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/**
 * both applicants are at the e-sign stage: an earlier stage's call is refused with the screen to go
 * to (HTTP 200, status false: a handled outcome in the contract's codes)
 */
const CONFLICT = { owner: 200, other: 200 };
const ALL = (status: number): Expect => ({
  owner: status,
  other: status,
  reviewer: status,
  admin: status,
  anonymous: status,
  expired: status,
});

/** The matrix. Keys are `METHOD url` as Fastify registered them. */
const MATRIX: Record<string, Entry> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /docs/json': { access: 'public' },
  'GET /docs/yaml': { access: 'public' },
  'GET /docs': { access: 'static' },
  // the API reference's files redirect to the page at /docs
  'GET /docs/static/*': { access: 'static', sample: () => ({ url: '/docs/static/index.html' }), expect: ALL(302) },
  'GET /docs/static/index.html': { access: 'static', expect: ALL(302) },
  'GET /docs/static/swagger-initializer.js': { access: 'static' },
  'GET /metrics': { access: 'public' },
  'GET /index.html': { access: 'static' },
  'GET /favicon.svg': { access: 'static' },
  // applicant sign-in: public, but a bearer that is not a live applicant session is refused
  'POST /api/v1/ekyc/send-otp': {
    access: 'public',
    sample: () => ({ body: { mobile: uniqueMobile(), whatspp_opt: false } }),
    expect: { reviewer: 401, admin: 401, expired: 401 },
  },
  'POST /api/v1/ekyc/verify-otp': { access: 'public', sample: (c) => ({ body: { mobile: c.mobile, otp: '000000' } }) },
  'POST /api/v1/ekyc/verify-otp-email': {
    access: 'applicant',
    sample: () => ({ body: { email: 'nobody@example.com', otp: '000000' } }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/logout': { access: 'applicant' },
  'GET /api/v1/ekyc/get-user-details': { access: 'applicant' },
  'GET /api/v1/ekyc/get-ref-code': { access: 'applicant' },
  // a signed, expiring link: the signature is the capability, whoever holds it
  'GET /api/v1/ekyc/files/:id': { access: 'public', sample: (c) => ({ url: c.fileUrl }) },
  'POST /api/v1/ekyc/pan-validation': {
    access: 'applicant',
    sample: () => ({
      query: { is_ocr: 'false' },
      body: { pan: 'ABCPK1234F', pan_name: 'Ravi Kumar', date_of_birth: '15/08/1990' },
    }),
    expect: CONFLICT,
  },
  'GET /api/v1/ekyc/kra-digilocker': { access: 'applicant', expect: CONFLICT },
  'GET /api/v1/ekyc/initilize-digilocker': { access: 'applicant', expect: CONFLICT },
  'GET /api/v1/ekyc/initilize-digi': { access: 'applicant', expect: CONFLICT },
  'GET /api/v1/ekyc/get-digi-data': { access: 'applicant', expect: CONFLICT },
  'POST /api/v1/ekyc/digi-ovd-verify': {
    access: 'applicant',
    sample: () => ({ query: { is_ovd: 'true' }, body: { document_type: 'PAN', front: PNG_1PX } }),
    expect: CONFLICT,
  },
  'GET /api/v1/ekyc/get-occupation-list': { access: 'applicant' },
  'GET /api/v1/ekyc/get-experience-list': { access: 'applicant' },
  'GET /api/v1/ekyc/get-income-list': { access: 'applicant' },
  'GET /api/v1/ekyc/get-education-list': { access: 'applicant' },
  'GET /api/v1/ekyc/get-profiling-draft': { access: 'applicant', expect: CONFLICT },
  'POST /api/v1/ekyc/save-profiling-draft': {
    access: 'applicant',
    sample: () => ({ body: { step: 'gender-and-marital', values: { gender: 'M', marital_status: 'married' } } }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/personal-details-update': {
    access: 'applicant',
    sample: () => ({
      body: PERSONAL_DETAILS,
    }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/upload-signature': {
    access: 'applicant',
    sample: () => ({ body: { signature_image: PNG_1PX, document_type: 'png', upload_type: 'digital' } }),
    expect: CONFLICT,
  },
  'GET /api/v1/ekyc/get-ifsc': { access: 'applicant', sample: () => ({ query: { ifsc: 'HDFC0000001' } }) },
  'POST /api/v1/ekyc/bank-verification': {
    access: 'applicant',
    sample: () => ({
      query: { is_vpa: 'false' },
      body: { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving' },
    }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/vpa-validation': {
    access: 'applicant',
    sample: () => ({ body: { vpa_id: 'ravi@okhdfcbank' } }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/cheque-verification': {
    access: 'applicant',
    sample: () => ({ body: { base64: PNG_1PX } }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/other-bank-document': {
    access: 'applicant',
    sample: () => ({ body: { doctype: 'passbook', doc: PNG_1PX } }),
    expect: CONFLICT,
  },
  // the payment service's signed callback: no caller without the webhook signature gets through
  'POST /api/v1/ekyc/upi-collect-webhook': {
    access: 'public',
    sample: () => ({ body: { id: 'x', status: 'success' } }),
    expect: ALL(403),
  },
  'POST /api/v1/ekyc/upi-intent': { access: 'applicant', expect: CONFLICT },
  // the reverse penny drop's callback, with the Basic credentials given to the payment service
  'POST /api/v1/ekyc/upi-intent-webhook': {
    access: 'public',
    sample: () => ({ body: { id: 'x', data: {} } }),
    expect: ALL(403),
  },
  'GET /api/v1/ekyc/get-nominee-config': { access: 'applicant' },
  'GET /api/v1/ekyc/get-bank-config': { access: 'applicant' },
  'POST /api/v1/ekyc/update-nominee': {
    access: 'applicant',
    sample: () => ({ body: { skip_nominee: true } }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/send-nominee-opt-out-otp': { access: 'applicant', expect: CONFLICT },
  'GET /api/v1/ekyc/get-demat-choice': { access: 'applicant' },
  'POST /api/v1/ekyc/update-demat-choice': {
    access: 'applicant',
    sample: () => ({ body: { account_type: 'bsda' } }),
    expect: CONFLICT,
  },
  'GET /api/v1/ekyc/get-segment-list': { access: 'applicant' },
  'POST /api/v1/ekyc/update-segment': {
    access: 'applicant',
    sample: () => ({ body: { segments: ['equity_1'] } }),
    expect: CONFLICT,
  },
  'POST /api/v1/ekyc/get-segment-status': {
    access: 'applicant',
    sample: () => ({ body: { clienttrnxid: 'unknown-transaction' } }),
    expect: CONFLICT,
  },
  'GET /api/v1/ekyc/get-hypervege-token': { access: 'applicant', expect: CONFLICT },
  'POST /api/v1/ekyc/upload-liveliness': {
    access: 'applicant',
    sample: (c) => ({ body: { image: c.jpeg, transaction_id: 'transaction-x' } }),
    expect: CONFLICT,
  },
  // the liveness poll answers at any later stage (the selfie is done)
  'GET /api/v1/ekyc/upload-liveliness': { access: 'applicant' },
  'GET /api/v1/ekyc/esign-initate': { access: 'applicant' },
  'GET /api/v1/ekyc/esign-consent': {
    access: 'applicant',
    sample: (c) => ({ query: { epro_id: c.eproId, documents: c.documents } }),
    expect: { other: 409 },
  },
  // the e-sign service's answer: authenticated by its XML signature, not by a bearer
  'POST /api/v1/ekyc/esign-response': {
    access: 'public',
    sample: () => ({ form: true, body: { eSignResponse: '<EsignResp status="1" txn="x"/>' } }),
    expect: ALL(400),
  },
  'GET /api/v1/ekyc/esign-response/close.js': { access: 'static' },
  'GET /api/v1/ekyc/get-application-status': { access: 'applicant' },
  'GET /api/v1/ekyc/get-consents': { access: 'applicant' },
  'POST /api/v1/ekyc/update-consent': {
    access: 'applicant',
    sample: () => ({ body: { purpose: 'marketing', granted: false } }),
  },
  // a confirmed request would erase the matrix's applicants: the unconfirmed one is refused before
  // anything (privacy-consents.test.ts covers who may erase what)
  'POST /api/v1/ekyc/request-erasure': {
    access: 'applicant',
    sample: () => ({ body: { confirm: false } }),
    expect: ALL(400),
  },
  'GET /api/v1/ekyc/get-assisted-kyc': { access: 'applicant' },
  'POST /api/v1/ekyc/request-assisted-kyc': {
    access: 'applicant',
    sample: () => ({
      body: { call_date: assistedKycDays(indianDay(new Date()))[0], slot: '10:00-12:00', language: 'en', needs: [] },
    }),
  },
  'POST /api/v1/ekyc/cancel-assisted-kyc': { access: 'applicant' },
  // back office
  'POST /api/v1/backoffice/login': {
    access: 'public',
    // wrong credentials are a handled outcome: 200 with status false and no token
    sample: () => ({ body: { email: `nobody${uniqueMobile()}@example.com`, password: 'wrong password here' } }),
  },
  // the second factor's steps need the challenge a right password earns: anyone else's is refused
  'POST /api/v1/backoffice/login/mfa/enrol': {
    access: 'public',
    sample: () => ({ body: { challenge: 'not.a.signed.challenge' } }),
    expect: ALL(401),
  },
  'POST /api/v1/backoffice/login/mfa': {
    access: 'public',
    sample: () => ({ body: { challenge: 'not.a.signed.challenge', code: '123456' } }),
    expect: ALL(401),
  },
  // a link's token nobody was sent: refused as a handled outcome, whoever asks
  'POST /api/v1/backoffice/invitation': {
    access: 'public',
    sample: () => ({ body: { token: 'x'.repeat(43), password: 'tidal quokka marmalade 47' } }),
  },
  'POST /api/v1/backoffice/mfa/enrol': { access: 'reviewer' },
  'POST /api/v1/backoffice/mfa/confirm': {
    access: 'reviewer',
    // allowed; a code that is not the new secret's is a handled refusal
    sample: () => ({ body: { code: '000000' } }),
  },
  'POST /api/v1/backoffice/logout': { access: 'reviewer' },
  'GET /api/v1/backoffice/me': { access: 'reviewer' },
  'POST /api/v1/backoffice/password': {
    access: 'reviewer',
    // allowed, but the current password given is not the caller's: nothing changes
    sample: () => ({ body: { current_password: 'not the current one', new_password: 'tidal quokka marmalade 47' } }),
    expect: { reviewer: 400, admin: 400 },
  },
  'GET /api/v1/backoffice/applications': { access: 'reviewer' },
  'GET /api/v1/backoffice/applications/:id': { access: 'reviewer', sample: (c) => ({ params: { id: c.ownerId } }) },
  'GET /api/v1/backoffice/applications/export': { access: 'reviewer' },
  'GET /api/v1/backoffice/applications/next': { access: 'reviewer' },
  'POST /api/v1/backoffice/applications/bulk-accept': {
    access: 'reviewer',
    sample: (c) => ({ body: { ids: [c.ownerId] } }),
  },
  'POST /api/v1/backoffice/applications/:id/claim': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
    // allowed; the reviewer's claim holds, so the admin is told who has it
    expect: { admin: 409 },
  },
  'POST /api/v1/backoffice/applications/:id/release': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  // a supervisor or an administrator (the matrix's reviewer is refused)
  'POST /api/v1/backoffice/applications/:id/assign': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.ownerId }, body: { staff_id: c.staffId } }),
  },
  'GET /api/v1/backoffice/applications/awaiting-confirmation': { access: 'reviewer' },
  'GET /api/v1/backoffice/applications/awaiting-confirmation/next': { access: 'reviewer' },
  'POST /api/v1/backoffice/applications/bulk-confirm': {
    access: 'reviewer',
    // allowed; the owner's application is not waiting for a confirmation: skipped
    sample: (c) => ({ body: { ids: [c.ownerId] } }),
  },
  'POST /api/v1/backoffice/applications/:id/return-to-maker': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId }, body: { note: 'Please look at the bank proof again' } }),
    // allowed, but the owner's application is not waiting for a confirmation
    expect: { reviewer: 409, admin: 409 },
  },
  'GET /api/v1/backoffice/applications/:id/notes': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  'POST /api/v1/backoffice/applications/:id/notes': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId }, body: { note: 'Called the applicant about the nominee' } }),
  },
  'POST /api/v1/backoffice/applications/:id/close': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId }, body: { code: 'NOT_ELIGIBLE' } }),
    // allowed, but the owner has not finished: only an application under review or sent back closes
    expect: { reviewer: 409, admin: 409 },
  },
  // a supervisor or an administrator (the matrix's reviewer is refused)
  'POST /api/v1/backoffice/applications/:id/reopen': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.ownerId }, body: { note: 'Reopened after a call' } }),
    // allowed, but the owner's application is not closed
    expect: { admin: 409 },
  },
  'GET /api/v1/backoffice/reasons': { access: 'reviewer' },
  'PUT /api/v1/backoffice/reasons/:code': {
    access: 'admin',
    sample: () => ({
      params: { code: 'MATRIX_REASON' },
      body: {
        purpose: 'close',
        stage: null,
        kind: 'info',
        texts: { en: 'Closed on request', hi: 'अनुरोध पर बंद', be: 'অনুরোধে বন্ধ', gu: 'વિનંતી પર બંધ', mar: 'विनंतीवरून बंद' },
      },
    }),
  },
  'GET /api/v1/backoffice/team': { access: 'reviewer' },
  'GET /api/v1/backoffice/reports': { access: 'reviewer' },
  'GET /api/v1/backoffice/views': { access: 'reviewer' },
  'POST /api/v1/backoffice/views': {
    access: 'reviewer',
    sample: () => ({ body: { name: 'Waiting longest', query: { status: 'Pending' } } }),
  },
  'POST /api/v1/backoffice/views/:id/delete': {
    access: 'reviewer',
    sample: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    // allowed; a view of no one's answers 404
    expect: { reviewer: 404, admin: 404 },
  },
  'GET /api/v1/backoffice/reviewers': { access: 'reviewer' },
  'POST /api/v1/backoffice/applications/:id/decisions': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId }, body: { decisions: [{ stage: 110, activity: 'Accept' }] } }),
    // allowed, but the owner has not submitted yet: nothing to decide
    expect: { reviewer: 409, admin: 409 },
  },
  'POST /api/v1/backoffice/applications/:id/withdraw-send-back': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId }, body: { stage: 160 } }),
    // allowed, but nothing of the owner's was sent back: nothing to withdraw
    expect: { reviewer: 409, admin: 409 },
  },
  'POST /api/v1/backoffice/applications/:id/confirm': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
    // allowed, but the owner's stages are not all accepted: nothing to confirm
    expect: { reviewer: 409, admin: 409 },
  },
  'GET /api/v1/backoffice/applications/:id/registrations': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  'GET /api/v1/backoffice/applications/:id/rule-set': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  // compliance or an administrator (the matrix's reviewer is refused)
  'POST /api/v1/backoffice/applications/:id/rule-set': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.ownerId }, body: { to: '2021-10-01' } }),
    // allowed, but only a newer rule set may be chosen
    expect: { admin: 400 },
  },
  'POST /api/v1/backoffice/applications/:id/registrations/:kind/retry': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId, kind: 'kra' } }),
    // allowed, but the owner's application is not approved: no registration to send again
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/applications/:id/registrations/corrections': {
    access: 'reviewer',
    sample: (c) => ({
      params: { id: c.ownerId },
      body: { field: 'annual_income', value: '5_10', note: 'Client letter of 12 Nov' },
    }),
    // allowed, but the owner's application is not approved: no registration to correct
    expect: { reviewer: 404, admin: 404 },
  },
  'GET /api/v1/backoffice/applications/:id/registrations/corrections': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  // maker and checker: a correction that does not exist answers 404 to whoever may decide one
  'POST /api/v1/backoffice/applications/:id/registrations/corrections/:correction/approve': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId, correction: '00000000-0000-4000-8000-000000000000' } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/applications/:id/registrations/corrections/:correction/reject': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId, correction: '00000000-0000-4000-8000-000000000000' } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/applications/:id/registrations/corrections/:correction/verify': {
    access: 'reviewer',
    sample: (c) => ({
      params: { id: c.ownerId, correction: '00000000-0000-4000-8000-000000000000' },
      body: { otp: '123456' },
    }),
    expect: { reviewer: 404, admin: 404 },
  },
  // unmasked: compliance or an administrator
  'GET /api/v1/backoffice/applications/:id/evidence-bundle': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  'GET /api/v1/backoffice/registrations/not-tradable': { access: 'reviewer' },
  // the client area (issue 51): sign-in is public; everything else needs a client session
  'POST /api/v1/client/send-otp': { access: 'public', sample: () => ({ body: { mobile: uniqueMobile() } }) },
  'POST /api/v1/client/verify-otp': {
    access: 'public',
    sample: (c) => ({ body: { mobile: c.mobile, otp: '000000' } }),
  },
  'POST /api/v1/client/logout': { access: 'client' },
  'GET /api/v1/client/my-account': { access: 'client' },
  'GET /api/v1/client/requests/:id': { access: 'client', sample: () => ({ params: { id: randomUUID() } }) },
  'POST /api/v1/client/requests/freeze': { access: 'client', sample: () => ({ body: { reason: '' } }) },
  'POST /api/v1/client/requests/unfreeze/otp': { access: 'client' },
  'POST /api/v1/client/requests/unfreeze': { access: 'client', sample: () => ({ body: { otp: '123456' } }) },
  'POST /api/v1/client/requests/nomination': {
    access: 'client',
    sample: () => ({ body: { opt_out: false, nominees: [{ first_name: 'Meera Verma', nominee_relation: 'Spouse' }] } }),
  },
  'POST /api/v1/client/requests/:id/esign': { access: 'client', sample: () => ({ params: { id: randomUUID() } }) },
  'POST /api/v1/client/esign-response': {
    access: 'public',
    sample: () => ({ form: true, body: { eSignResponse: '<EsignResp status="1" txn="x"/>' } }),
    expect: ALL(400),
  },
  'GET /api/v1/backoffice/service-requests': { access: 'reviewer' },
  'GET /api/v1/backoffice/service-requests/:id': {
    access: 'reviewer',
    sample: () => ({ params: { id: randomUUID() } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/service-requests/:id/accept': {
    access: 'reviewer',
    sample: () => ({ params: { id: randomUUID() } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/service-requests/:id/confirm': {
    access: 'reviewer',
    sample: () => ({ params: { id: randomUUID() } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/service-requests/:id/reject': {
    access: 'reviewer',
    sample: () => ({ params: { id: randomUUID() }, body: { reason_code: 'OTHER' } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'GET /sandbox/trading-platform/clients/:code': { access: 'sandbox' },
  'GET /api/v1/backoffice/applications/:id/audit': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  'GET /api/v1/backoffice/funnel': { access: 'reviewer' },
  'GET /api/v1/backoffice/assisted-kyc': { access: 'reviewer' },
  'POST /api/v1/backoffice/assisted-kyc/:id/done': {
    access: 'reviewer',
    // allowed; no call is booked for an application that does not exist
    sample: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/applications/:id/close-account': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.ownerId }, body: { closed_on: '2026-01-02', reason: 'Client asked to close' } }),
    // allowed, but the owner has not signed: no account to close
    expect: { admin: 409 },
  },
  'GET /api/v1/backoffice/privacy/breaches': { access: 'admin' },
  'POST /api/v1/backoffice/privacy/breaches': {
    access: 'admin',
    sample: (c) => ({
      body: {
        occurred_from: '2026-01-01T00:00:00Z',
        occurred_to: '2026-01-02T00:00:00Z',
        detected_at: '2026-01-02T00:00:00Z',
        description: 'An access matrix probe of the breach register.',
        data_classes: ['contact'],
        selection: { kind: 'applicants', applicant_ids: [c.ownerId] },
      },
    }),
  },
  'GET /api/v1/backoffice/privacy/breaches/:id/affected': {
    access: 'admin',
    // allowed; no breach has this id
    sample: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    expect: { admin: 404 },
  },
  'POST /api/v1/backoffice/privacy/breaches/:id/board-notified': {
    access: 'admin',
    sample: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    expect: { admin: 404 },
  },
  'GET /api/v1/backoffice/staff': { access: 'admin' },
  'POST /api/v1/backoffice/staff': {
    access: 'admin',
    sample: () => ({
      body: {
        email: `staff${uniqueMobile()}@example.com`,
        name: 'New Reviewer',
        role: 'reviewer',
        password: 'a long enough password',
      },
    }),
  },
  'POST /api/v1/backoffice/staff/:id/active': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.staffId }, body: { active: true } }),
  },
  'POST /api/v1/backoffice/staff/:id/role': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.staffId }, body: { role: 'reviewer' } }),
  },
  'POST /api/v1/backoffice/staff/:id/role/approve': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.staffId } }),
    // allowed, but no grant waits for approval
    expect: { admin: 409 },
  },
  'POST /api/v1/backoffice/staff/:id/mfa/reset': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.staffId } }),
  },
  'POST /api/v1/backoffice/staff/:id/password': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.staffId }, body: { password: 'tidal quokka marmalade 47' } }),
  },
  'POST /api/v1/backoffice/staff/:id/unlock': {
    access: 'admin',
    sample: (c) => ({ params: { id: c.staffId } }),
  },
  'GET /api/v1/backoffice/staff/audit': { access: 'admin' },
  'GET /api/v1/public/watchlist': { access: 'public' },
  'GET /api/v1/public/broker-documents': { access: 'public' },
  'GET /api/v1/public/broker-documents/:key': { access: 'public', sample: () => ({ params: { key: 'mitc' } }) },
  // sandbox routes exist only in sandbox mode; they act for no one in particular
  'GET /sandbox/mnrl/list.csv': { access: 'sandbox' },
  'GET /sandbox/assets/sandbox.css': { access: 'sandbox' },
  'GET /sandbox/outbox': { access: 'sandbox', sample: () => ({ query: { to: 'nobody@example.com' } }) },
  'GET /sandbox/': { access: 'sandbox' },
  // CVL's GetToken answers wrong credentials with 200 and success "0" inside its sealed body
  'POST /sandbox/kra/GetToken': { access: 'sandbox' },
  // CVL's PANInquiry.asmx answers a wrong password or session with 200 and the error inside its XML string
  'POST /sandbox/registrations/kra/PANInquiry.asmx/GetPassword': { access: 'sandbox' },
  'POST /sandbox/registrations/kra/PANInquiry.asmx/InsertUpdateKYCRecord': { access: 'sandbox' },
  'POST /sandbox/registrations/kra/PANInquiry.asmx/GetPanStatus': { access: 'sandbox' },
  'POST /sandbox/fixtures/applicant': {
    access: 'sandbox',
    sample: () => ({ body: { mobile: uniqueMobile(), stage: 110 } }),
  },
  'POST /sandbox/fixtures/staff': {
    access: 'sandbox',
    sample: () => ({
      body: {
        email: `fixture${uniqueMobile()}@example.com`,
        name: 'Fixture Staff',
        role: 'reviewer',
        password: 'a long enough password',
      },
    }),
  },
};
/** Wire-format routes of the sandbox providers (credentials of the provider's own kind, not a bearer). */
const SANDBOX_WIRE =
  /^(GET|POST) \/sandbox\/(pan|kra|digilocker|market-data|account-aggregator|ifsc|bank|upi|rpd|liveness|esign|registrations|trading-platform)\//;
/** The built web app's files (whatever the build holds): public, outside the API and the sandbox. */
const WEB_ASSET = /^GET \/(?!api\/|sandbox\/|ws\/|docs)[\w./-]+\.[a-z0-9]+$/i;

function entryFor(key: string): Entry | undefined {
  if (MATRIX[key]) return MATRIX[key];
  // the sandbox pages' own scripts and the sandbox CA certificate: public files
  if (/^GET \/sandbox\/[\w/-]+\.(js|pem)$/.test(key)) return { access: 'sandbox' };
  if (SANDBOX_WIRE.test(key) || WEB_ASSET.test(key)) return { access: SANDBOX_WIRE.test(key) ? 'provider' : 'static' };
  return undefined;
}

let app: FastifyInstance;
let ctx: Ctx;
const tokens = {} as Record<Actor, string | undefined>;
let canaries: string[] = [];

async function post(url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, payload });
  return res.json() as { status: boolean; data: Record<string, string> };
}

beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
  // the owner: a real journey up to the e-sign step, with a transaction open
  const client = injectClient(app);
  const applicant = newApplicant('access-matrix-owner');
  const journey = await runFullJourney(client, { applicant, assets: await journeyAssets(), until: 'selfie' });
  tokens.owner = journey.token;
  const session = await app.deps.sessions.authenticate(journey.token, 'applicant');
  const auth = { authorization: `Bearer ${journey.token}` };
  const initiated = (await app.inject({ method: 'GET', url: '/api/v1/ekyc/esign-initate', headers: auth })).json() as {
    data: { epro_id: string };
  };
  const consent = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/ekyc/esign-consent?epro_id=${initiated.data.epro_id}&documents=${await acknowledgedDocuments(app)}`,
      headers: auth,
    })
  ).json() as { data: { transaction_id: string } };
  const details = (await app.inject({ method: 'GET', url: '/api/v1/ekyc/get-user-details', headers: auth })).json() as {
    data: [{ signature_obj: { document: string } }];
  };
  // another applicant at the same stage, with data of their own
  const other = await post('/sandbox/fixtures/applicant', { mobile: uniqueMobile(), stage: 210 });
  tokens.other = other.data.token;
  // staff
  const staff = async (role: 'reviewer' | 'admin') => {
    const email = `${role}${uniqueMobile()}@example.com`;
    const created = await post('/sandbox/fixtures/staff', {
      email,
      name: `Matrix ${role}`,
      role,
      password: 'matrix password 1234',
    });
    const login = await post('/api/v1/backoffice/login', { email, password: 'matrix password 1234' });
    return { id: created.data.id!, token: login.data.token };
  };
  tokens.reviewer = (await staff('reviewer')).token;
  tokens.admin = (await staff('admin')).token;
  const target = await staff('reviewer');
  // the owner's second session, left for three days
  const stale = await app.deps.sessions.create('applicant', session!.subjectId);
  await expireSession(app.deps, stale.token);
  tokens.expired = stale.token;
  tokens.anonymous = undefined;
  ctx = {
    ownerId: session!.subjectId,
    fileUrl: details.data[0].signature_obj.document,
    staffId: target.id,
    eproId: initiated.data.epro_id,
    documents: await acknowledgedDocuments(app),
    txn: consent.data.transaction_id,
    mobile: applicant.mobile,
    jpeg: (await journeyAssets()).selfieJpeg,
    otherId: other.data.applicant_id!,
  };
  canaries = [
    applicant.pan,
    applicant.accountNumber,
    applicant.mobile,
    applicant.email,
    session!.subjectId,
    applicant.dob,
  ];
}, 240_000);
afterAll(() => app.close());

const fill = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));

it(
  'every route has an entry, and every cell answers as expected without leaking the owner’s data',
  { timeout: 240_000 },
  async () => {
    const routes = app.routeTable.filter((r) => !r.websocket);
    const keys = [...new Set(routes.map((r) => `${r.method} ${r.url}`))];
    const missing = keys.filter((k) => !entryFor(k));
    expect(missing, 'routes without an entry in the access matrix').toEqual([]);

    // sign-outs last: they end the session they are called with
    const ordered = [...keys.filter((k) => !k.endsWith('/logout')), ...keys.filter((k) => k.endsWith('/logout'))];
    const mismatches: string[] = [];
    const leaks: string[] = [];
    const providerAnswers: Record<string, number> = {};
    let cells = 0;
    for (const key of ordered) {
      const entry = entryFor(key)!;
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const expected: Expect = { ...BY_ACCESS[entry.access], ...entry.expect };
      for (const actor of ACTORS) {
        const sample = entry.sample?.(ctx) ?? {};
        const qs = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
        const token = tokens[actor];
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        let payload: string | undefined;
        if (sample.body !== undefined) {
          headers['content-type'] = sample.form ? 'application/x-www-form-urlencoded' : 'application/json';
          payload = sample.form
            ? new URLSearchParams(sample.body as Record<string, string>).toString()
            : JSON.stringify(sample.body);
        } else if (method === 'POST') {
          headers['content-type'] = 'application/json';
          payload = '{}';
        }
        const res = await app.inject({ method, url: sample.url ?? fill(url, sample.params) + qs, headers, payload });
        cells += 1;
        if (entry.access === 'provider') {
          // no bearer of any kind opens a provider's route: every caller gets the same refusal
          const first = (providerAnswers[key] ??= res.statusCode);
          if (res.statusCode !== first || res.statusCode < 400 || res.statusCode >= 500)
            mismatches.push(`${key} as ${actor}: ${res.statusCode}, expected the same 4xx for everyone (${first})`);
        } else if (res.statusCode !== expected[actor])
          mismatches.push(`${key} as ${actor}: ${res.statusCode}, expected ${expected[actor]}`);
        if (['other', 'anonymous', 'expired'].includes(actor) && !/^\/sandbox\/(outbox)?$/.test(url)) {
          const body = res.body;
          for (const c of canaries) if (body.includes(c)) leaks.push(`${key} as ${actor} shows ${c}`);
        }
      }
    }
    console.log(
      `access matrix: ${keys.length} routes × ${ACTORS.length} callers = ${cells} cells, ${mismatches.length} unexpected, ${leaks.length} leaks`,
    );
    if (leaks.length + mismatches.length) console.log([...leaks, ...mismatches].join('\n'));
    expect(leaks).toEqual([]);
    expect(mismatches).toEqual([]);
  },
);

it('a tampered file signature is refused to everyone', async () => {
  const url = ctx.fileUrl.replace(
    /sig=([^&]+)/,
    (_m, sig: string) => `sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
  );
  for (const actor of ACTORS) {
    const token = tokens[actor];
    const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(res.statusCode, actor).toBe(401);
  }
});

async function firstMessage(url: string): Promise<{ message: Record<string, unknown>; raw: string; code?: number }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${url}`);
  return new Promise((resolve, reject) => {
    // an open e-sign transaction says nothing until it ends: silence within 2 s means accepted
    const timer = setTimeout(() => {
      socket.close();
      resolve({ message: {}, raw: '' });
    }, 2_000);
    socket.once('message', (m: Buffer) => {
      clearTimeout(timer);
      const raw = m.toString();
      socket.once('close', (code) => resolve({ message: JSON.parse(raw) as Record<string, unknown>, raw, code }));
      setTimeout(() => {
        socket.close();
        resolve({ message: JSON.parse(raw) as Record<string, unknown>, raw });
      }, 300);
    });
    socket.once('error', reject);
  });
}

it(
  'sockets: only the owner’s session receives the owner’s profile and e-sign status',
  { timeout: 60_000 },
  async () => {
    const rows: string[] = [];
    // the matrix ended both applicants' sessions with logout: sign them in again
    tokens.owner = (await app.deps.sessions.create('applicant', ctx.ownerId)).token;
    tokens.other = (await app.deps.sessions.create('applicant', ctx.otherId)).token;
    const profile: Record<Actor, 'data' | 'refused'> = {
      owner: 'data',
      other: 'data',
      reviewer: 'refused',
      admin: 'refused',
      anonymous: 'refused',
      expired: 'refused',
    };
    const esign: Record<Actor, 'open' | 'unknown' | 'refused'> = {
      owner: 'open',
      other: 'unknown',
      reviewer: 'refused',
      admin: 'refused',
      anonymous: 'refused',
      expired: 'refused',
    };
    for (const actor of ACTORS) {
      const q = tokens[actor] ? `token=${encodeURIComponent(tokens[actor])}` : '';
      const p = await firstMessage(`/ws/user_profile/?${q}`);
      expect(p.message.disconnect ? 'refused' : 'data', `profile as ${actor}`).toBe(profile[actor]);
      if (actor !== 'owner')
        for (const c of canaries) expect(p.raw.includes(c), `profile as ${actor} shows a canary`).toBe(false);
      else expect(p.raw).toContain(canaries[0]);
      if (p.message.disconnect) expect(p.code, `profile close code as ${actor}`).toBe(4001);

      const e = await firstMessage(`/ws/esign_status/?${q}&transaction_id=${ctx.txn}`);
      const kind =
        e.message.message === 'Unauthorized'
          ? 'refused'
          : e.message.message === 'Unknown transaction'
            ? 'unknown'
            : 'open';
      expect(kind, `e-sign status as ${actor}`).toBe(esign[actor]);
      rows.push(`${actor}: profile ${profile[actor]}, e-sign ${kind}`);
    }
    console.log(
      `access matrix sockets: 2 sockets × ${ACTORS.length} callers = ${rows.length * 2} cells as expected (${rows.join('; ')})`,
    );
  },
);
