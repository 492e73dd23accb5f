/**
 * What the client-area browser tests share: the texts as the page shows them (read from the web's
 * catalogues), the stages of a signed application, and a back-office call with a staff token.
 */
import type { Language } from '@ekyc/contracts/constants';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { outboxOtp, seedApplicant, type StaffMember, staffToken } from './journey';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
export type Catalogue = { [key: string]: string | Catalogue };

/** One namespace of one language's catalogue. */
export const catalogue = (lang: Language, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Catalogue;

/** A catalogue's text at a dotted key, its {{values}} filled in. */
export function text(table: Catalogue, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<string | Catalogue | undefined>((at, k) => (typeof at === 'object' ? at[k] : undefined), table);
  if (typeof found !== 'string') throw new Error(`no translation for ${key}`);
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), found);
}

/** The stages of an application signed and waiting for its decisions. */
export const BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

/** A back-office call that must answer 200: its data. */
export async function staffCall<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  method: 'GET' | 'POST' = 'POST',
) {
  const res = await request.fetch(`/api/v1/backoffice/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A client whose application the back office approved (maker and checker) and the sandbox
 * registries accepted: the account is open. sections: the applicant's (SIGNED_SECTIONS or a variant).
 */
export async function openClientAccount(
  page: Page,
  request: APIRequestContext,
  sections: Record<string, Record<string, unknown>>,
  staff: { maker: StaffMember; checker: StaffMember },
) {
  const { mobile } = await seedApplicant(page, request, 220, sections, {
    // one e-mail per client: the registrations' pre-check holds a shared one
    email: `client.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`,
  });
  const maker = await staffToken(request, staff.maker);
  const checker = await staffToken(request, staff.checker);
  const list = await staffCall<{ items: { id: string }[] }>(request, maker, `applications?q=${mobile}`, 'GET');
  const id = list.items[0]!.id;
  const decisions = await request.post(`/api/v1/backoffice/applications/${id}/decisions`, {
    headers: { authorization: `Bearer ${maker}` },
    data: { decisions: BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })) },
  });
  expect(decisions.status()).toBe(200);
  await staffCall(request, checker, `applications/${id}/confirm`);
  await expect
    .poll(async () => (await staffCall<{ status: string }>(request, maker, `applications/${id}`, 'GET')).status, {
      timeout: 45_000,
    })
    .toBe('Completed');
  return { mobile, maker, checker };
}

/** Signs the client in at /my-account with the mobile OTP: the OTP (a later OTP to the mobile differs). */
export async function signInClient(page: Page, request: APIRequestContext, c: Catalogue, mobile: string) {
  await page.goto('/my-account');
  await page.getByLabel(text(c, 'signIn.mobile')).fill(mobile);
  await page.getByRole('button', { name: text(c, 'signIn.sendOtp') }).click();
  const otp = await outboxOtp(request, mobile);
  await page.getByLabel(text(c, 'signIn.otp', { mobile })).fill(otp);
  await page.getByRole('button', { name: text(c, 'signIn.verify') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(c, 'title') })).toBeVisible();
  return otp;
}

/** Signs the request in the sandbox ESP's popup opened by the page's sign button. */
export async function signInPopup(page: Page, request: APIRequestContext, c: Catalogue, mobile: string, after: string) {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
  const esp = await popup;
  await expect(esp.getByLabel('Aadhaar OTP')).toBeVisible();
  await esp.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile, after));
  await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
}
