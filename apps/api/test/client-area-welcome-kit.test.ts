/**
 * The welcome kit in My account: once the account is open, each document of the kit is listed with
 * a link of the client's session, and the link gives the PDF the welcome email carried (dated on
 * the activation day, the tariff of the client's own plan), read back by pdf-lib and poppler's
 * pdftotext. A link without its signature, with another session's id, signed for an applicant's
 * session, or of a session that ended, is refused.
 */
import { KIT_DOCUMENT_KEYS } from '@ekyc/contracts/calls/broker-documents';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { welcomeKitEntries } from '../src/modules/servicing/welcome-kit.ts';
import { clientAreaCalls } from './support/client-area.ts';
import { approvedApplicant, panWithDigits, signedSections } from './support/registrations.ts';
import { toolOutput } from './support/system-tool.ts';
import { reviewerToken, testApp } from './support/test-app.ts';

type Document = { kind: string; key: string | null; link: string };

/** Waits until the registrations complete the account (the poll's own interval; the suite's timeout bounds it). */
async function completed(client: { status: () => Promise<{ status: string }> }): Promise<void> {
  while ((await client.status()).status !== 'Completed') await new Promise((r) => setTimeout(r, 200));
}

describe('Client area: the welcome kit', () => {
  let app: FastifyInstance;
  let calls: ReturnType<typeof clientAreaCalls>;
  let asha: Awaited<ReturnType<typeof approvedApplicant>>;
  let ravi: Awaited<ReturnType<typeof approvedApplicant>>;
  let ashaToken: string;
  let raviToken: string;

  const kitOf = async (token: string) =>
    (await calls.clientCall<{ documents: Document[] }>('GET', 'my-account', { token })).body.data.documents.filter(
      (d) => d.kind === 'welcome_kit',
    );
  const linkOf = async (token: string, key: string) => (await kitOf(token)).find((d) => d.key === key)!.link;
  const download = (url: string) => app.inject({ method: 'GET', url });

  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    calls = clientAreaCalls(app);
    const reviewer = await reviewerToken(app, 'client-kit.maker@broker.example');
    const discounted = signedSections('', {}).personal_obj;
    [asha, ravi] = await Promise.all([
      approvedApplicant(app, {
        pan: panWithDigits('7171'),
        reviewer,
        sections: { personal_obj: { ...discounted, plan_selected: 'discounted' } },
      }),
      approvedApplicant(app, { pan: panWithDigits('7272'), reviewer }),
    ]);
    await Promise.all([completed(asha), completed(ravi)]);
    [ashaToken, raviToken] = [await calls.signIn(asha.mobile), await calls.signIn(ravi.mobile)];
  }, 240_000);
  afterAll(() => app.close());

  it('lists every document of the kit, each with its link', async () => {
    const kit = await kitOf(ashaToken);
    expect(kit.map((d) => d.key)).toEqual(KIT_DOCUMENT_KEYS);
    for (const d of kit) expect(d.link).toMatch(new RegExp(`^/api/v1/client/documents/welcome-kit/${d.key}\\?exp=`));
  });

  it('gives the PDF the welcome email carried: dated on the activation day, the client’s own plan', async () => {
    const activatedAt = (await app.deps.registrations.summary(asha.id))!.completedAt!;
    const res = await download(await linkOf(ashaToken, 'tariff'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="tariff.pdf"');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toBe('Tariff sheet');
    expect(Math.floor(pdf.getCreationDate()!.getTime() / 1000)).toBe(Math.floor(activatedAt.getTime() / 1000));
    const text = toolOutput('pdftotext', ['-', '-'], { input: res.rawPayload });
    expect(text).toContain('The charges of your plan (discounted)');

    // another client's link gives that client's kit: Ravi chose no plan, his sample tariff is premium
    const his = await download(await linkOf(raviToken, 'tariff'));
    expect(toolOutput('pdftotext', ['-', '-'], { input: his.rawPayload })).toContain(
      'The charges of your plan (premium)',
    );

    // every other document opens as a PDF too
    for (const key of KIT_DOCUMENT_KEYS.filter((k) => k !== 'tariff')) {
      const doc = await download(await linkOf(ashaToken, key));
      expect(doc.statusCode, key).toBe(200);
      expect((await PDFDocument.load(doc.rawPayload)).getPageCount(), key).toBeGreaterThan(0);
    }
  });

  it('refuses a link without its signature, with another session’s id, or signed for an applicant', async () => {
    const link = await linkOf(ashaToken, 'mitc');
    const [path] = link.split('?');
    expect((await download(path!)).statusCode).toBe(401);
    expect((await download(link.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(401);
    // Ravi's session id put in Asha's link: the signature no longer holds
    const raviSession = (await app.deps.sessions.authenticate(raviToken, 'client'))!.sessionId;
    expect((await download(link.replace(/sid=[^&]+/, `sid=${raviSession}`))).statusCode).toBe(401);
    // a link rightly signed, but for Asha's applicant session: only a client's session opens the kit
    const applicantSession = (await app.deps.sessions.authenticate(asha.token, 'applicant'))!.sessionId;
    const applicantLink = welcomeKitEntries(app.deps, applicantSession).find((d) => d.key === 'mitc')!.link;
    expect((await download(applicantLink)).statusCode).toBe(401);
  });

  it('refuses the link once the client signs out', async () => {
    const link = await linkOf(ashaToken, 'mitc');
    expect((await download(link)).statusCode).toBe(200);
    await calls.clientCall('POST', 'logout', { token: ashaToken });
    expect((await download(link)).statusCode).toBe(401);
  });
});
