import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A picture of the page for a person to look at, written to the folder E2E_SCREENSHOTS names
 * (say `E2E_SCREENSHOTS=/tmp/shots npm run test:e2e`); without it nothing is taken, since a
 * full-page PNG costs a phone-sized run more than most of its assertions.
 */
export async function look(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, name), ...options });
}
