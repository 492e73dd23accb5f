/**
 * A final rejection seen by the applicant: the back office closes a signed
 * application with a coded reason, and the applicant reading the app in Hindi sees it closed, the
 * reason in Hindi, and no Retry.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seedApplicant, staffToken } from '../support/journey';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
const hindi = (ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, 'hi', `${ns}.json`), 'utf8')) as Record<string, string>;
const MAKER = {
  email: 'final.reject@broker.example',
  password: 'final-reject-pass-1',
  name: 'Farah Final',
  role: 'reviewer',
};

test('the applicant reads a final rejection in Hindi, with its reason and no Retry', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('ekyc.lang', 'hi'));
  const { mobile } = await seedApplicant(page, request, 220, {});
  const staff = await staffToken(request, MAKER);
  const headers = { authorization: `Bearer ${staff}` };
  const found = await request.get(`/api/v1/backoffice/applications?q=${mobile}`, { headers });
  const id = ((await found.json()) as { data: { items: { id: string }[] } }).data.items[0]!.id;
  const closed = await request.post(`/api/v1/backoffice/applications/${id}/close`, {
    headers,
    data: { code: 'DUPLICATE_APPLICATION', note: 'Same person, older account' },
  });
  expect(closed.status()).toBe(200);

  await page.goto('/ekyc1/status');
  await expect(page.getByTestId('status-message')).toHaveText(hindi('messages').statusClosed!);
  await expect(page.getByRole('heading', { name: hindi('status').sorry! })).toBeVisible();
  const closure = page.getByTestId('closure');
  await expect(closure.getByRole('heading')).toHaveText(hindi('status').closedRejected!);
  await expect(closure).toContainText('हमारे पास आपका पहले से एक अन्य आवेदन या खाता है');
  // the staff's own words stay with the staff
  await expect(page.getByText('Same person, older account')).toHaveCount(0);
  await expect(page.getByRole('button', { name: hindi('common').retry! })).toHaveCount(0);
});
