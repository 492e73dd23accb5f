/**
 * Status screen (spec section 4) in each review status, reached through the back office's real
 * lifecycle (CONTRACT.md "After the applicant signs"): Pending after e-sign, Rejected with Retry to
 * the rejected stage, Approved once every stage is accepted and confirmed, Completed once the
 * sandbox registrations (exchange UCC, BO account) are accepted. Each in English with the spec's exact text, and in hi, be, gu and mar with
 * the app's translations.
 */
import { LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { MSG } from '@ekyc/contracts/messages';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seedApplicant, SIGNED_SECTIONS, staffToken } from '../support/journey';
import { look } from '../support/look';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
const catalogue = (lang: Language, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Record<string, string>;

/** What the applicant reads, in one language: English messages are the spec's own text. */
function texts(lang: Language) {
  const messages = lang === 'en' ? (MSG as Record<string, string>) : catalogue(lang, 'messages');
  const status = catalogue(lang, 'status');
  const common = catalogue(lang, 'common');
  // A missing translation fails here, by name, instead of matching the English fallback.
  const of = (table: Record<string, string>, key: string) => {
    const text = table[key];
    if (!text) throw new Error(`${lang}: no translation for ${key}`);
    return text;
  };
  return {
    Pending: of(messages, 'statusUnderReview'),
    Approved: of(messages, 'statusVerified'),
    Rejected: of(messages, 'statusRejected'),
    Completed: of(messages, 'statusActive'),
    weAreSorry: of(messages, 'weAreSorry'),
    thankYou: of(status, 'thankYou'),
    congratulations: of(status, 'congratulations'),
    sorry: of(status, 'sorry'),
    verificationPending: of(status, 'verificationPending'),
    playStore: of(status, 'playStore'),
    retry: of(common, 'retry'),
    rejectedStage: of(status, 'rejectedStage').replace(
      '{{stage}}',
      of((status as unknown as { stages: Record<string, string> }).stages, '160'),
    ),
    rejectedReason: of(status, 'rejectedReason').replace('{{reason}}', REASON),
    correctionNeeded: of(common, 'correctionNeeded'),
    reviewerNote: of(common, 'reviewerNote').replace('{{reason}}', REASON),
  };
}

/** The reviewer's own words (free text stays as written; coded reasons are translated). */
const REASON = 'The cancelled cheque is unreadable';
const REVIEWER = { email: 'status.checker@broker.example', password: 'status-checker-pass-1', name: 'Sita Checker' };
/** Four eyes: a second staff member confirms the approval. */
const CHECKER = {
  email: 'status.second@broker.example',
  password: 'status-second-pass-1',
  name: 'Sunil Second',
  role: 'checker',
};
const BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

/** A reviewer unless `who` names another role. */
const reviewerToken = (request: APIRequestContext, who: typeof REVIEWER & { role?: string } = REVIEWER) =>
  staffToken(request, { role: 'reviewer', ...who });

async function staffCall(
  request: APIRequestContext,
  token: string,
  path: string,
  data?: object,
  method: 'GET' | 'POST' = 'POST',
) {
  const res = await request.fetch(`/api/v1/backoffice/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as { status: boolean; data: { status: string } };
}

/** The applicant id the back office knows, from the queue found by mobile. */
async function applicationId(request: APIRequestContext, token: string, mobile: string): Promise<string> {
  const res = await request.get(`/api/v1/backoffice/applications?q=${mobile}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [item] = ((await res.json()) as { data: { items: { id: string }[] } }).data.items;
  if (!item) throw new Error(`no application for ${mobile}`);
  return item.id;
}

type Status = 'Pending' | 'Approved' | 'Rejected' | 'Completed';

/** A signed applicant in this page, moved by the back office to the given review status. */
async function applicantIn(page: Page, request: APIRequestContext, staff: string, status: Status) {
  // Without an address the registrations' pre-checks hold an approved application at Approved;
  // with one, the sandbox registrations take it to Completed.
  const { mobile } = await seedApplicant(page, request, 220, status === 'Completed' ? SIGNED_SECTIONS : {});
  if (status === 'Pending') return;
  const id = await applicationId(request, staff, mobile);
  if (status === 'Rejected') {
    await staffCall(request, staff, `applications/${id}/decisions`, {
      decisions: [{ stage: 160, activity: 'Reject', reason: REASON }],
    });
    return;
  }
  await staffCall(request, staff, `applications/${id}/decisions`, {
    decisions: BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
  });
  const checker = await reviewerToken(request, CHECKER);
  expect((await staffCall(request, checker, `applications/${id}/confirm`)).data.status).toBe('Approved');
  if (status === 'Completed')
    // the registrations run in the sandbox: wait for the status to say so
    await expect
      .poll(async () => (await staffCall(request, staff, `applications/${id}`, undefined, 'GET')).data.status, {
        timeout: 30_000,
      })
      .toBe('Completed');
}

for (const lang of LANGUAGES) {
  test(`the status screen in each review status, in ${lang}`, async ({ page, request }) => {
    const t = texts(lang);
    const staff = await reviewerToken(request);
    await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lang);
    const message = page.getByTestId('status-message');

    await applicantIn(page, request, staff, 'Pending');
    await page.goto('/ekyc1/status');
    await expect(message).toHaveText(t.Pending);
    await expect(page.getByRole('heading', { name: t.thankYou })).toBeVisible();
    await expect(page.getByText(t.verificationPending, { exact: true })).toBeVisible();

    await applicantIn(page, request, staff, 'Approved');
    await page.goto('/ekyc1/status');
    await expect(message).toHaveText(t.Approved);
    await expect(page.getByRole('heading', { name: t.thankYou })).toBeVisible();
    await expect(page.getByText(t.verificationPending, { exact: true })).toBeVisible();
    await look(page, `status-approved-${lang}.png`);

    await applicantIn(page, request, staff, 'Completed');
    await page.goto('/ekyc1/status');
    await expect(message).toHaveText(t.Completed);
    await expect(page.getByRole('heading', { name: t.congratulations })).toBeVisible();
    await expect(page.getByRole('link', { name: t.playStore })).toBeVisible();
    await expect(page.getByText(t.verificationPending, { exact: true })).toHaveCount(0);

    await applicantIn(page, request, staff, 'Rejected');
    await page.goto('/ekyc1/status');
    await expect(message).toHaveText(t.Rejected);
    await expect(page.getByRole('heading', { name: t.sorry })).toBeVisible();
    await expect(page.getByText(t.weAreSorry, { exact: true })).toBeVisible();
    // the stage sent back and the reviewer's reason, in the applicant's language
    await expect(page.getByText(t.rejectedStage, { exact: true })).toBeVisible();
    await expect(page.getByText(t.rejectedReason, { exact: true })).toBeVisible();
    await look(page, `status-rejected-${lang}.png`);
    // Retry returns to the stage the reviewer rejected.
    await page.getByRole('button', { name: t.retry }).click();
    await expect(page).toHaveURL(/\/ekyc1\/bank-and-segment$/);
    // the page Retry opens says why
    await expect(page.getByRole('note')).toContainText(t.correctionNeeded);
    await expect(page.getByRole('note')).toContainText(t.reviewerNote);
  });
}
