/** The access matrix's entries for the applicant, client-area, operations, public and sandbox routes. */
import { randomUUID } from 'node:crypto';
import { assistedKycDays } from '@ekyc/contracts/calls/assisted-kyc';
import { indianDay } from '@ekyc/contracts/regulation';
import { PERSONAL_DETAILS } from '../../support/personal-details.ts';
import { uniqueMobile } from '../../support/test-app.ts';
import { PNG_1PX, CONFLICT, ALL, type Entry } from './entries.ts';

export const APPLICANT_MATRIX: Record<string, Entry> = {
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
  // the DDPI signed on its own after the form: the matrix's applicants chose none and signed no form (409)
  'GET /api/v1/ekyc/ddpi': { access: 'applicant' },
  'POST /api/v1/ekyc/ddpi/esign': { access: 'applicant', expect: { owner: 409, other: 409 } },
  'POST /api/v1/ekyc/ddpi/esign-response': {
    access: 'public',
    sample: () => ({ form: true, body: { eSignResponse: '<EsignResp status="1" txn="x"/>' } }),
    expect: ALL(400),
  },
  'GET /api/v1/ekyc/get-application-status': { access: 'applicant' },
  // another applicant's request, or none, is not found
  'POST /api/v1/ekyc/document-requests/:id/answer': {
    access: 'applicant',
    sample: () => ({ params: { id: randomUUID() }, body: { document: PNG_1PX } }),
    expect: { owner: 404, other: 404 },
  },
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
  // the client area: sign-in is public; everything else needs a client session
  'POST /api/v1/client/send-otp': { access: 'public', sample: () => ({ body: { mobile: uniqueMobile() } }) },
  'POST /api/v1/client/verify-otp': {
    access: 'public',
    sample: (c) => ({ body: { mobile: c.mobile, otp: '000000' } }),
  },
  'POST /api/v1/client/logout': { access: 'client' },
  'GET /api/v1/client/my-account': { access: 'client' },
  // a link of a client session is the credential: none of these callers holds one
  'GET /api/v1/client/documents/welcome-kit/:key': { access: 'client', sample: () => ({ params: { key: 'mitc' } }) },
  'GET /api/v1/client/requests/:id': { access: 'client', sample: () => ({ params: { id: randomUUID() } }) },
  'POST /api/v1/client/requests/freeze': { access: 'client', sample: () => ({ body: { reason: '' } }) },
  'POST /api/v1/client/requests/unfreeze/otp': { access: 'client' },
  'POST /api/v1/client/requests/unfreeze': { access: 'client', sample: () => ({ body: { otp: '123456' } }) },
  'POST /api/v1/client/requests/nomination': {
    access: 'client',
    sample: () => ({ body: { opt_out: false, nominees: [{ first_name: 'Meera Verma', nominee_relation: 'Spouse' }] } }),
  },
  'POST /api/v1/client/requests/bank': {
    access: 'client',
    sample: () => ({
      body: { accounts: [{ ifsc: 'SBIN0000001', account_number: '000401234567', account_type: 'Saving' }] },
    }),
  },
  'POST /api/v1/client/requests/closure': {
    access: 'client',
    sample: () => ({ body: { reason: 'charges', target: { depository: 'CDSL', bo_id: '1208160000123456' } } }),
  },
  'POST /api/v1/client/requests/ddpi': { access: 'client' },
  'POST /api/v1/client/requests/segments': {
    access: 'client',
    sample: () => ({ body: { deactivate: ['mutual_funds_1'] } }),
  },
  'POST /api/v1/client/requests/:id/income-proof': {
    access: 'client',
    sample: () => ({ params: { id: randomUUID() }, body: {} }),
  },
  'GET /api/v1/client/kyc': { access: 'client' },
  'POST /api/v1/client/requests/rekyc': { access: 'client' },
  'POST /api/v1/client/requests/:id/digilocker': {
    access: 'client',
    sample: () => ({ params: { id: randomUUID() }, body: { code: 'x', state: 'y' } }),
  },
  'POST /api/v1/client/requests/bank/upi': { access: 'client' },
  'GET /api/v1/client/requests/bank/upi/:id': { access: 'client', sample: () => ({ params: { id: 'rpd-1' } }) },
  'POST /api/v1/client/requests/address/digilocker': { access: 'client' },
  // a DigiLocker return that is not the caller's live request: refused (status false) before anything
  'POST /api/v1/client/requests/address': {
    access: 'client',
    sample: () => ({ body: { source: 'digilocker', code: 'matrix', state: 'm'.repeat(40) } }),
  },
  'POST /api/v1/client/requests/contact/otp': {
    access: 'client',
    sample: () => ({ body: { field: 'email', value: `matrix.${randomUUID().slice(0, 8)}@example.in` } }),
  },
  'POST /api/v1/client/requests/contact': {
    access: 'client',
    sample: () => ({
      body: { field: 'email', value: 'matrix.contact@example.in', otp_old: '000000', otp_new: '000000' },
    }),
  },
  'POST /api/v1/client/requests/:id/esign': { access: 'client', sample: () => ({ params: { id: randomUUID() } }) },
  'POST /api/v1/client/esign-response': {
    access: 'public',
    sample: () => ({ form: true, body: { eSignResponse: '<EsignResp status="1" txn="x"/>' } }),
    expect: ALL(400),
  },
  'GET /sandbox/trading-platform/clients/:code': { access: 'sandbox' },
  'GET /api/v1/public/watchlist': { access: 'public' },
  'GET /api/v1/public/broker-documents': { access: 'public' },
  'GET /api/v1/public/broker-documents/:key': { access: 'public', sample: () => ({ params: { key: 'mitc' } }) },
  // sandbox routes exist only in sandbox mode; they act for no one in particular
  'GET /sandbox/mnrl/list.csv': { access: 'sandbox' },
  'GET /sandbox/hosting-ranges/ranges.txt': { access: 'sandbox' },
  'GET /sandbox/screening/un-consolidated.xml': { access: 'sandbox' },
  'GET /sandbox/screening/sebi-debarred.csv': { access: 'sandbox' },
  'GET /sandbox/screening/pep.csv': { access: 'sandbox' },
  'GET /sandbox/assets/sandbox.css': { access: 'sandbox' },
  'GET /sandbox/outbox': { access: 'sandbox', sample: () => ({ query: { to: 'nobody@example.com' } }) },
  'GET /sandbox/': { access: 'sandbox' },
  // each sandbox ESP's status address, which the e-sign failover asks before a signing
  'GET /sandbox/esign/health': { access: 'sandbox' },
  'GET /sandbox/esign-alt/health': { access: 'sandbox' },
  // CVL's GetToken answers wrong credentials with 200 and success "0" inside its sealed body
  'POST /sandbox/kra/GetToken': { access: 'sandbox' },
  // CVL's PANInquiry.asmx answers a wrong password or session with 200 and the error inside its XML string
  'POST /sandbox/registrations/kra/PANInquiry.asmx/GetPassword': { access: 'sandbox' },
  'POST /sandbox/registrations/kra/PANInquiry.asmx/InsertUpdateKYCRecord': { access: 'sandbox' },
  'POST /sandbox/registrations/kra/PANInquiry.asmx/SolicitPANDetailsFetchALLKRA': { access: 'sandbox' },
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
