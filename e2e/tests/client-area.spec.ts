/**
 * The client area on a phone, in English and Hindi: a client whose account is open signs in with a
 * mobile OTP, finds the welcome kit among the documents, freezes online access and unfreezes it
 * after an OTP, and changes the nominee and then the bank account (verified by penny drop): each
 * signed with Aadhaar eSign in the popup, accepted and confirmed by two staff members (four eyes),
 * carried out at the registries, and shown in "My account".
 */
import { KIT_DOCUMENT_KEYS } from '@ekyc/contracts/calls/broker-documents';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { BEFORE_FINAL, catalogue, staffCall, text } from '../support/client-area';
import { outboxOtp, seedApplicant, SIGNED_SECTIONS, staffToken } from '../support/journey';

/** A text of the catalogue by its dotted key; a missing one fails by name, not by matching English. */

const MAKER = {
  email: 'client-area.maker@broker.example',
  password: 'client-area-maker-1',
  name: 'Mira Maker',
  role: 'reviewer',
};
const CHECKER = {
  email: 'client-area.checker@broker.example',
  password: 'client-area-checker-1',
  name: 'Chetan Checker',
  role: 'checker',
};

/** A client whose application the back office approved and the sandbox registries accepted. */
async function openAccount(page: Parameters<typeof seedApplicant>[0], request: APIRequestContext) {
  const { mobile } = await seedApplicant(page, request, 220, SIGNED_SECTIONS, {
    // one e-mail per client: the registrations' pre-check holds a shared one
    email: `client.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.in`,
  });
  const maker = await staffToken(request, MAKER);
  const checker = await staffToken(request, CHECKER);
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

for (const lang of ['en', 'hi'] as const) {
  test(`a client changes the nominee and the bank, freezes and unfreezes, in ${lang}`, async ({ page, request }) => {
    // four requests, two of them e-signed and carried out at the registries
    test.slow();
    const c = catalogue(lang, 'client-area');
    const relations = catalogue(lang, 'nominee');
    const { mobile, maker, checker } = await openAccount(page, request);
    await page.addInitScript((l) => localStorage.setItem('ekyc.lang', l), lang);

    // sign in with the mobile OTP
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: text(c, 'signIn.heading') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(text(c, 'signIn.mobile')).fill(mobile);
    await page.getByRole('button', { name: text(c, 'signIn.sendOtp') }).click();
    const signInOtp = await outboxOtp(request, mobile);
    await page.getByLabel(text(c, 'signIn.otp', { mobile })).fill(signInOtp);
    await page.getByRole('button', { name: text(c, 'signIn.verify') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(c, 'title') })).toBeVisible();
    await expect(page.getByTestId('client-code')).toHaveText(/^EK[A-Z2-9]{8}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // the welcome kit among the documents: each a link of this session to its PDF
    const kit = page.getByTestId('welcome-kit');
    await expect(kit.getByRole('link')).toHaveCount(KIT_DOCUMENT_KEYS.length);
    const mitc = kit.getByRole('link', { name: text(c, 'documents.kit.mitc') });
    const pdf = await request.get((await mitc.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // freeze: asked once more, done at once, said on screen
    await page.getByRole('button', { name: text(c, 'access.freeze') }).click();
    await page.getByRole('button', { name: text(c, 'access.freezeYes') }).click();
    await expect(page.getByRole('status').filter({ hasText: text(c, 'access.frozenDone') })).toBeVisible();
    // "frozen since <when>": the words around the moment, in the page's language
    const [before, after] = text(c, 'access.frozen').split('{{since}}') as [string, string];
    await expect(page.getByTestId('access-state')).toContainText(before.trim());
    await expect(page.getByTestId('access-state')).toContainText(after.trim());
    await expect(page.getByTestId('request-status-freeze')).toHaveText(text(c, 'status.done'));

    // unfreeze: the identity verified again with an OTP
    await page.getByRole('button', { name: text(c, 'access.unfreeze') }).click();
    const unfreezeOtp = await outboxOtp(request, mobile, signInOtp);
    await page.getByLabel(text(c, 'access.unfreezeOtp')).fill(unfreezeOtp);
    await page.getByRole('button', { name: text(c, 'access.unfreezeVerify') }).click();
    await expect(page.getByTestId('access-state')).toHaveText(text(c, 'access.active'));

    // change the nominee and sign it with Aadhaar eSign
    await page.getByRole('link', { name: text(c, 'nominees.change') }).click();
    await expect(page.getByRole('heading', { name: text(c, 'nomination.heading') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(text(c, 'nomination.name')).fill('Meera Sharma');
    await page.getByLabel(text(c, 'nomination.relation')).selectOption('Spouse');
    await page.getByRole('button', { name: text(c, 'nomination.save') }).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
    const esp = await popup;
    await expect(esp.getByLabel('Aadhaar OTP')).toBeVisible();
    const nominationOtp = await outboxOtp(request, mobile, unfreezeOtp);
    await esp.getByLabel('Aadhaar OTP').fill(nominationOtp);
    await esp.getByRole('button', { name: 'Verify OTP and sign' }).click();
    const signed = page.getByTestId('nomination-signed');
    await expect(signed).toBeVisible({ timeout: 30_000 });
    const number = /SR-\d{6}/.exec((await signed.textContent()) ?? '')![0];

    // four eyes in the back office: the maker accepts, a different checker confirms
    const queue = await staffCall<{ requests: { id: string; number: string }[] }>(
      request,
      maker,
      'service-requests',
      'GET',
    );
    const id = queue.requests.find((r) => r.number === number)!.id;
    await staffCall(request, maker, `service-requests/${id}/accept`);
    await staffCall(request, checker, `service-requests/${id}/confirm`);

    await page.getByRole('link', { name: text(c, 'nomination.back') }).click();
    await expect(page.getByTestId('request-status-nomination')).toHaveText(text(c, 'status.done'), { timeout: 45_000 });
    await expect(page.getByTestId('nominee-list')).toContainText('Meera Sharma');
    await expect(page.getByTestId('nominee-list')).toContainText(text(relations, 'relations.Spouse'));

    // change the bank: a new primary account verified by penny drop, signed with Aadhaar eSign
    await page.getByRole('link', { name: text(c, 'bank.change') }).click();
    await expect(page.getByRole('heading', { name: text(c, 'bankChange.heading') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // the sandbox's penny drop fails an account ending 000: said at the account, no request made
    await page.getByLabel(text(c, 'bankChange.ifsc')).fill('SBIN0000001');
    await page.getByLabel(text(c, 'bankChange.number')).fill('000401234000');
    await page.getByLabel(text(c, 'bankChange.type')).selectOption('Saving');
    await page.getByRole('button', { name: text(c, 'bankChange.save') }).click();
    await expect(page.getByRole('alert').filter({ hasText: text(c, 'bankChange.notVerified') })).toBeVisible();
    await page.getByLabel(text(c, 'bankChange.number')).fill('000401234567');
    await page.getByRole('button', { name: text(c, 'bankChange.save') }).click();
    const bankPopup = page.waitForEvent('popup');
    await page.getByRole('button', { name: text(c, 'nomination.sign') }).click();
    const bankEsp = await bankPopup;
    await expect(bankEsp.getByLabel('Aadhaar OTP')).toBeVisible();
    await bankEsp.getByLabel('Aadhaar OTP').fill(await outboxOtp(request, mobile, nominationOtp));
    await bankEsp.getByRole('button', { name: 'Verify OTP and sign' }).click();
    const bankSigned = page.getByTestId('bank-signed');
    await expect(bankSigned).toBeVisible({ timeout: 30_000 });
    const bankNumber = /SR-\d{6}/.exec((await bankSigned.textContent()) ?? '')![0];
    const bankQueue = await staffCall<{ requests: { id: string; number: string }[] }>(
      request,
      maker,
      'service-requests',
      'GET',
    );
    const bankId = bankQueue.requests.find((r) => r.number === bankNumber)!.id;
    await staffCall(request, maker, `service-requests/${bankId}/accept`);
    await staffCall(request, checker, `service-requests/${bankId}/confirm`);
    await page.getByRole('link', { name: text(c, 'nomination.back') }).click();
    await expect(page.getByTestId('request-status-bank')).toHaveText(text(c, 'status.done'), { timeout: 45_000 });
    await expect(page.getByTestId('bank-list')).toContainText('SBIN0000001');
    await expect(page.getByTestId('bank-list')).toContainText(text(c, 'bank.account', { last4: '4567' }));
  });
}
