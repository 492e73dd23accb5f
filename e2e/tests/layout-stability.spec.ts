/**
 * Nothing moves under the applicant's eyes while a step loads: the links under the step (help,
 * privacy, accessibility, grievances) wait until the step has its full height, so the step's card
 * growing from its loader pushes nothing down (no layout shift).
 */
import { expect, type Route, test } from '@playwright/test';
import { seedApplicant, VERIFIED_IDENTITY } from '../support/journey';

test('the links under a step appear with the step, not before it, and nothing shifts', async ({ page, request }) => {
  await seedApplicant(page, request, 150, VERIFIED_IDENTITY);
  // the occupation list is held until the loader has been seen
  const held: Route[] = [];
  await page.route('**/api/v1/ekyc/get-occupation-list*', (route) => {
    held.push(route);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/ekyc1/client-profiling/occupation');

  const links = page.getByRole('navigation', { name: 'Help' });
  // the step asked for its list: it shows its loader, and the links are not there yet (not even out
  // of sight, as the app renders unseen until its first page takes over the early paint)
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
  await expect(page.locator('nav[aria-label="Help"]')).toHaveCount(0);
  for (const route of held) await route.continue();
  await page.unroute('**/api/v1/ekyc/get-occupation-list*');

  await expect(page.getByRole('button', { name: 'Student', exact: true })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Grievances' })).toBeVisible();
  // two frames after the last change, so a shift of it would have been reported
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
});
