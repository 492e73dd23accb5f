/** The access matrix's entries for the back office's routes (/api/v1/backoffice). */
import { randomUUID } from 'node:crypto';
import { uniqueMobile } from '../../support/test-app.ts';
import { ALL, type Entry } from './entries.ts';

export const BACKOFFICE_MATRIX: Record<string, Entry> = {
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
  'GET /api/v1/backoffice/applications/:id/screening': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  // a hit the owner does not have: allowed, not found
  'POST /api/v1/backoffice/applications/:id/screening/hits/:hitId': {
    access: 'reviewer',
    sample: (c) => ({
      params: { id: c.ownerId, hitId: randomUUID() },
      body: { outcome: 'cleared', note: 'Not the listed person' },
    }),
    expect: { reviewer: 404, admin: 404 },
  },
  // a supervisor or an administrator; an application nobody has (the owner is not recorded as deceased)
  'POST /api/v1/backoffice/applications/:id/deceased': {
    access: 'admin',
    sample: () => ({ params: { id: randomUUID() }, body: { note: 'Demise reported by the KRA' } }),
    expect: { admin: 404 },
  },
  'POST /api/v1/backoffice/screening/import': { access: 'admin' },
  'GET /api/v1/backoffice/applications/:id/holds': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  'POST /api/v1/backoffice/applications/:id/hold': {
    access: 'reviewer',
    sample: (c) => ({
      params: { id: c.ownerId },
      body: { reason_code: 'COMPLIANCE_REVIEW', note: 'Compliance asked about the source of funds' },
    }),
    // allowed; the reviewer's hold is open, so the admin is told it is held already
    expect: { admin: 409 },
  },
  'POST /api/v1/backoffice/applications/:id/hold/release': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId }, body: { note: 'Compliance answered' } }),
    // allowed; the reviewer released it, so the admin finds no hold
    expect: { admin: 409 },
  },
  'GET /api/v1/backoffice/applications/:id/document-requests': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId } }),
  },
  'POST /api/v1/backoffice/applications/:id/document-requests': {
    access: 'reviewer',
    sample: (c) => ({
      params: { id: c.ownerId },
      body: { kind: 'bankers_letter', note: 'A letter from your bank naming you' },
    }),
    // allowed; the owner is still filling in the application, not under review
    expect: { reviewer: 409, admin: 409 },
  },
  'POST /api/v1/backoffice/applications/:id/document-requests/:requestId/decision': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId, requestId: randomUUID() }, body: { decision: 'accept' } }),
    // allowed; no such request
    expect: { reviewer: 404, admin: 404 },
  },
  'POST /api/v1/backoffice/applications/:id/document-requests/:requestId/cancel': {
    access: 'reviewer',
    sample: (c) => ({ params: { id: c.ownerId, requestId: randomUUID() } }),
    // allowed; no such request
    expect: { reviewer: 404, admin: 404 },
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
};
