/**
 * Document requests: a reviewer asks the applicant of an application under review for one more
 * document; the applicant is told by SMS and email in their language, sees the request with the
 * note on the status page and answers it with a file; no stage moves; the reviewer sees the file
 * and accepts or declines it. The checker's approval is refused while a request is requested or
 * answered; another applicant can neither see nor answer it; bad input answers 400 naming the field.
 * The evidence bundle carries the request and its file.
 */
import type { DocumentRequestsData } from '@ekyc/contracts/calls/backoffice-document-requests';
import type { GetApplicationStatusData } from '@ekyc/contracts/calls/get-application-status';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { makeProofPdf } from './support/segment-pdf.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let maker: string;
let checker: string;
let auditor: string;
let pans = 7300;

const ALL_STAGES = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

const bo = async <T = Record<string, unknown>>(token: string, path: string, payload?: object) => {
  const res = await app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
  return { statusCode: res.statusCode, body: res.json() as { status: boolean; message: string; data: T } };
};
const outbox = async (to: string) =>
  (await app.inject({ url: `/sandbox/outbox?to=${to}` })).json() as { channel: string; text: string }[];

async function signedApplication() {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 220, sections: signedSections(panWithDigits(String(pans++))) },
  });
  const { applicant_id: id, token } = (res.json() as { data: { applicant_id: string; token: string } }).data;
  return { id, token, mobile };
}
const statusOf = async (token: string) =>
  (await call<GetApplicationStatusData>(app, 'GET', 'get-application-status', { token })).body.data;
const answer = (token: string, requestId: string, document: string) =>
  call<{ request: { state: string } }>(app, 'POST', `document-requests/${requestId}/answer`, {
    token,
    body: { document },
  });
const pdfDataUrl = async () =>
  `data:application/pdf;base64,${Buffer.from(await makeProofPdf("Banker's letter")).toString('base64')}`;
const stagesOf = async (id: string) =>
  (await app.deps.records.kycList(id)).map((k) => `${k.stage}:${k.adminActivity ?? ''}`).join(',');

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  maker = await reviewerToken(app, `maker.docs.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `checker.docs.${Date.now()}@broker.example`, 'checker');
  auditor = await reviewerToken(app, `audit.docs.${Date.now()}@broker.example`, 'compliance');
}, 120_000);
afterAll(() => app.close());

it('asks for a document, tells the applicant in Hindi, takes their PDF without moving a stage, and holds the approval until it is accepted', async () => {
  const applicant = await signedApplication();
  await app.deps.records.setLanguage(applicant.id, 'hi');
  const accepted = await bo(maker, `applications/${applicant.id}/decisions`, {
    decisions: ALL_STAGES.map((stage) => ({ stage, activity: 'Accept' })),
  });
  expect(accepted.statusCode).toBe(200);
  const stagesBefore = await stagesOf(applicant.id);

  const asked = await bo<DocumentRequestsData>(maker, `applications/${applicant.id}/document-requests`, {
    kind: 'bankers_letter',
    note: 'Please upload a letter from your bank confirming the joint account holder.',
  });
  expect(asked.statusCode).toBe(200);
  expect(asked.body.data.open).toBe(1);
  const request = asked.body.data.requests[0]!;
  expect(request).toMatchObject({ kind: 'bankers_letter', state: 'requested', file: null, answered_at: null });

  // told by SMS and email, in Hindi
  const [sms] = await outbox(applicant.mobile);
  expect(sms?.channel).toBe('sms');
  expect(sms?.text).toContain('एक और दस्तावेज़ माँगा है');
  const [mail] = await outbox(`fixture${applicant.mobile}@example.com`);
  expect(mail?.text).toContain('एक और दस्तावेज़ माँगा है');

  // the status page names it with the note; the application stays under review
  const waiting = await statusOf(applicant.token);
  expect(waiting.status).toBe('Pending');
  expect(waiting.document_requests).toEqual([
    expect.objectContaining({
      id: request.id,
      kind: 'bankers_letter',
      state: 'requested',
      note: 'Please upload a letter from your bank confirming the joint account holder.',
    }),
  ]);

  // the checker cannot approve while the document is asked for
  const early = await bo(checker, `applications/${applicant.id}/confirm`, {});
  expect(early.statusCode).toBe(409);
  expect(early.body.message).toMatch(/document request is open/);

  // the applicant answers with a PDF: no stage moves
  const sent = await answer(applicant.token, request.id, await pdfDataUrl());
  expect(sent.statusCode).toBe(200);
  expect(sent.body).toMatchObject({
    status: true,
    code: 'documentRequestAnswered',
    data: { request: { state: 'answered' } },
  });
  expect(await stagesOf(applicant.id)).toBe(stagesBefore);
  expect((await statusOf(applicant.token)).status).toBe('Pending');
  // a second answer is refused: the request waits for no file now
  const again = await answer(applicant.token, request.id, await pdfDataUrl());
  expect(again.body).toMatchObject({ status: false, code: 'documentRequestClosed' });

  // the reviewer sees the file, as a link bound to their session that serves the PDF
  const listed = await bo<DocumentRequestsData>(maker, `applications/${applicant.id}/document-requests`);
  const answered = listed.body.data.requests[0]!;
  expect(answered.state).toBe('answered');
  expect(answered.file?.content_type).toBe('application/pdf');
  const file = await app.inject({ url: answered.file!.url });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

  // answered but not accepted still holds the approval
  expect((await bo(checker, `applications/${applicant.id}/confirm`, {})).statusCode).toBe(409);
  // compliance reads and does not decide
  expect((await bo(auditor, `applications/${applicant.id}/document-requests`)).statusCode).toBe(200);
  expect(
    (await bo(auditor, `applications/${applicant.id}/document-requests/${request.id}/decision`, { decision: 'accept' }))
      .statusCode,
  ).toBe(403);

  const decided = await bo<DocumentRequestsData>(
    maker,
    `applications/${applicant.id}/document-requests/${request.id}/decision`,
    { decision: 'accept', note: 'Bank confirms the holder' },
  );
  expect(decided.statusCode).toBe(200);
  expect(decided.body.data.open).toBe(0);
  expect(decided.body.data.requests[0]).toMatchObject({ state: 'accepted', decision_note: 'Bank confirms the holder' });
  expect((await statusOf(applicant.token)).document_requests).toEqual([]);

  const approved = await bo(checker, `applications/${applicant.id}/confirm`, {});
  expect(approved.statusCode).toBe(200);

  // audited by kind and state, never by the note
  const trail = await app.deps.database.db.execute(
    sql`select action, actor_kind from audit_log where applicant_id = ${applicant.id}::uuid
        and action like 'document_request.%' order by id`,
  );
  const rows = (trail as unknown as { rows: { action: string; actor_kind: string }[] }).rows;
  expect(rows).toEqual([
    { action: 'document_request.asked', actor_kind: 'staff' },
    { action: 'document_request.answered', actor_kind: 'applicant' },
    { action: 'document_request.accepted', actor_kind: 'staff' },
  ]);
  // the evidence bundle carries the request and the answered file
  const bundle = await app.inject({
    url: `/api/v1/backoffice/applications/${applicant.id}/evidence-bundle`,
    headers: bearer(auditor),
  });
  expect(bundle.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(bundle.rawPayload));
  const inBundle = JSON.parse(strFromU8(files['document-requests.json']!)) as {
    requests: { id: string; kind: string; state: string; note: string; file: string }[];
  };
  expect(inBundle.requests[0]).toMatchObject({
    id: request.id,
    kind: 'bankers_letter',
    state: 'accepted',
    note: 'Please upload a letter from your bank confirming the joint account holder.',
    file: `document-requests/${request.id}.pdf`,
  });
  expect(strFromU8(files[`document-requests/${request.id}.pdf`]!.subarray(0, 5))).toBe('%PDF-');
  expect(JSON.parse(strFromU8(files['manifest.json']!)).files).toContainEqual(
    expect.objectContaining({ name: 'document-requests.json' }),
  );

  const notes = await app.deps.database.db.execute(
    sql`select count(*)::int as n from audit_log where applicant_id = ${applicant.id}::uuid and (after::text like '%joint account%' or before::text like '%joint account%')`,
  );
  expect((notes as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
});

it('declines an answer and cancels a request: neither holds the approval any more', async () => {
  const applicant = await signedApplication();
  const ask = (kind: string) =>
    bo<DocumentRequestsData>(maker, `applications/${applicant.id}/document-requests`, {
      kind,
      note: `Send the ${kind}`,
    });
  const income = (await ask('income_proof')).body.data.requests[0]!;
  const both = await ask('self_declaration');
  expect(both.body.data.open).toBe(2);
  const declaration = both.body.data.requests.find((r) => r.kind === 'self_declaration')!;

  // deciding before the answer is refused
  const early = await bo(maker, `applications/${applicant.id}/document-requests/${income.id}/decision`, {
    decision: 'decline',
  });
  expect(early.statusCode).toBe(409);

  const photo = `data:image/png;base64,${await pngBase64()}`;
  expect((await answer(applicant.token, income.id, photo)).body.status).toBe(true);
  const declined = await bo<DocumentRequestsData>(
    maker,
    `applications/${applicant.id}/document-requests/${income.id}/decision`,
    { decision: 'decline', note: 'Unreadable' },
  );
  expect(declined.body.data.requests.find((r) => r.id === income.id)).toMatchObject({
    state: 'declined',
    file: { content_type: 'image/jpeg' },
  });
  const cancelled = await bo<DocumentRequestsData>(
    maker,
    `applications/${applicant.id}/document-requests/${declaration.id}/cancel`,
    {},
  );
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.body.data.open).toBe(0);
  // a cancelled request takes no answer
  expect((await answer(applicant.token, declaration.id, await pdfDataUrl())).body).toMatchObject({
    status: false,
    code: 'documentRequestClosed',
  });
  expect(
    (await bo(maker, `applications/${applicant.id}/document-requests/${declaration.id}/cancel`, {})).statusCode,
  ).toBe(409);
});

it("keeps one applicant's request from another: not listed, not answerable", async () => {
  const owner = await signedApplication();
  const other = await signedApplication();
  const asked = await bo<DocumentRequestsData>(maker, `applications/${owner.id}/document-requests`, {
    kind: 'address_proof',
    note: 'A utility bill for the new address',
  });
  const request = asked.body.data.requests[0]!;
  expect((await statusOf(other.token)).document_requests).toEqual([]);
  const res = await answer(other.token, request.id, await pdfDataUrl());
  expect(res.statusCode).toBe(404);
  // the request of one application is not reached through another's id either
  expect((await bo(maker, `applications/${other.id}/document-requests/${request.id}/cancel`, {})).statusCode).toBe(404);
  expect((await statusOf(owner.token)).document_requests?.[0]?.state).toBe('requested');
});

it('answers 400 naming the field for a bad kind, an empty note, a file of another type and a bad id', async () => {
  const applicant = await signedApplication();
  const kind = await bo<{ field: string }>(maker, `applications/${applicant.id}/document-requests`, {
    kind: 'passport_photo',
    note: 'A photo',
  });
  expect(kind.statusCode).toBe(400);
  expect(kind.body.data.field).toBe('kind');
  const note = await bo<{ field: string }>(maker, `applications/${applicant.id}/document-requests`, {
    kind: 'other',
    note: ' ',
  });
  expect(note.statusCode).toBe(400);
  expect(note.body.data.field).toBe('note');

  const request = (
    await bo<DocumentRequestsData>(maker, `applications/${applicant.id}/document-requests`, {
      kind: 'other',
      note: 'The signed undertaking',
    })
  ).body.data.requests[0]!;
  // HTML declared as a PDF: what the bytes are decides
  const html = `data:application/pdf;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
  const wrong = await call<{ field: string }>(app, 'POST', `document-requests/${request.id}/answer`, {
    token: applicant.token,
    body: { document: html },
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.body.data.field).toBe('document');
  const missing = await call<{ field: string }>(app, 'POST', `document-requests/${request.id}/answer`, {
    token: applicant.token,
    body: {},
  });
  expect(missing.statusCode).toBe(400);
  expect(missing.body.data.field).toBe('document');
  const badId = await call<{ field: string }>(app, 'POST', 'document-requests/not-an-id/answer', {
    token: applicant.token,
    body: { document: await pdfDataUrl() },
  });
  expect(badId.statusCode).toBe(400);
  expect(badId.body.data.field).toBe('id');
  // nothing reached the request
  expect((await statusOf(applicant.token)).document_requests?.[0]?.state).toBe('requested');
});

it('asks for a document only while the application is under review', async () => {
  const applicant = await signedApplication();
  await bo(maker, `applications/${applicant.id}/decisions`, {
    decisions: ALL_STAGES.map((stage) => ({ stage, activity: 'Accept' })),
  });
  expect((await bo(checker, `applications/${applicant.id}/confirm`, {})).statusCode).toBe(200);
  const late = await bo(maker, `applications/${applicant.id}/document-requests`, { kind: 'other', note: 'Too late' });
  expect(late.statusCode).toBe(409);
});

async function pngBase64(): Promise<string> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0c0c0' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}
