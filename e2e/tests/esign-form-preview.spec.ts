/**
 * E-sign on a phone: the account-opening form's pages drawn as images as wide as the screen and
 * sharp at its pixel density, zoom in, out and back, pages drawn as they scroll into view, 'Page n
 * of N', a failed preview tried again, and the PDF itself to download.
 */
import { readFile } from 'node:fs/promises';
import { devices, expect, type Locator, test } from '@playwright/test';
import { ESIGN_SECTIONS, FORM_READY, seedApplicant } from '../support/journey';
import { look } from '../support/look';
import { ANY_SIZE } from '../support/sizes';

/** The share of a drawn page's pixels that are dark (text, rules): zero for a blank page. */
async function inkShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 3 * 128) dark++;
    return dark / (data.length / 4);
  });
}

// drawn at a real phone's pixel density (the phone project draws at 1 to save the machine's time)
test.use({ deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor });

const cssWidth = async (canvas: Locator) => (await canvas.boundingBox())!.width;

test(
  'the form is drawn page by page as wide as the phone, zooms in and out, and downloads',
  ANY_SIZE,
  async ({ page, request }) => {
    await seedApplicant(page, request, 210, ESIGN_SECTIONS);
    await page.goto('/ekyc1/e-sign');

    const counter = page.getByText(/^Page 1 of \d+$/);
    await expect(counter).toBeVisible(FORM_READY);
    const total = Number(/of (\d+)$/.exec(await counter.innerText())![1]);
    expect(total).toBeGreaterThanOrEqual(2);
    const pageImage = (n: number) => page.getByRole('img', { name: `Account opening form, page ${n} of ${total}` });
    const first = pageImage(1);
    await expect(first).toHaveAttribute('data-drawn-width', /^\d+$/);
    await look(page, `esign-form-preview-${test.info().project.name}.png`);

    // as wide as the preview (the screen less the page's margins), drawn at the screen's pixel density
    const screenWidth = page.viewportSize()!.width;
    const fit = await cssWidth(first);
    expect(fit).toBeGreaterThan(screenWidth * 0.8);
    expect(fit).toBeLessThanOrEqual(screenWidth);
    const { pixels, ratio } = await first.evaluate((el: HTMLCanvasElement) => ({
      pixels: el.width,
      ratio: window.devicePixelRatio,
    }));
    expect(pixels).toBeGreaterThanOrEqual(Math.floor(fit * ratio) - 1);
    expect(await inkShare(first)).toBeGreaterThan(0.01);

    // the pages further down are drawn only when they scroll into view
    const last = pageImage(total);
    await expect(last).not.toHaveAttribute('data-drawn-width');
    await page
      .getByRole('region', { name: 'Account opening form' })
      .evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await expect(page.getByText(`Page ${total} of ${total}`)).toBeVisible();
    await expect(last).toHaveAttribute('data-drawn-width', /^\d+$/);
    expect(await inkShare(last)).toBeGreaterThan(0.001);
    await page.getByRole('region', { name: 'Account opening form' }).evaluate((box) => box.scrollTo(0, 0));
    await expect(counter).toBeVisible(FORM_READY);

    // zoom in twice: the page is shown 1.5 times as wide, and drawn again at that width
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByText('125%', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByText('150%', { exact: true })).toBeVisible();
    await expect.poll(async () => (await cssWidth(first)) / fit).toBeCloseTo(1.5, 1);
    await expect(first).toHaveAttribute('data-drawn-width', String(Math.round(await cssWidth(first))));
    expect(await inkShare(first)).toBeGreaterThan(0.01);
    await look(page, `esign-form-preview-zoomed-${test.info().project.name}.png`);

    // back to the screen's width, then smaller
    await page.getByRole('button', { name: 'Fit to width' }).click();
    await expect.poll(() => cssWidth(first)).toBe(fit);
    await expect(page.getByRole('button', { name: 'Fit to width' })).toBeDisabled();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByText('75%', { exact: true })).toBeVisible();
    await expect.poll(() => cssWidth(first)).toBeLessThan(fit * 0.8);

    // the PDF itself, for reading elsewhere or with a screen reader
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the form (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  },
);

test('a preview that could not be loaded is tried again with Retry', ANY_SIZE, async ({ page, request }) => {
  await seedApplicant(page, request, 210, ESIGN_SECTIONS);
  let refused = false;
  // the first fetch of the form for the preview fails; the download link is left alone
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/ekyc/files/') && !url.searchParams.has('download'),
    async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({ status: 503, body: '' });
    },
  );
  await page.goto('/ekyc1/e-sign');
  await expect(page.getByText('The preview could not be shown. Download the form to read it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the form (PDF)' })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('img', { name: /^Account opening form, page 1 of \d+$/ })).toHaveAttribute(
    'data-drawn-width',
    /^\d+$/,
    FORM_READY,
  );
});

test('what sits below the preview stays where it is when the pages arrive', ANY_SIZE, async ({ page, request }) => {
  await seedApplicant(page, request, 210, ESIGN_SECTIONS);
  // the preview's copy of the form is held back until the page around it has been measured
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/ekyc/files/') && !url.searchParams.has('download'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/ekyc1/e-sign');
  const agree = page.getByLabel(/I have read the account opening form/);
  const sign = page.getByRole('button', { name: 'E-Sign With Aadhaar OTP' });
  await expect(agree).toBeVisible();
  const before = [await agree.boundingBox(), await sign.boundingBox()];
  await expect(page.getByRole('region', { name: 'Account opening form' })).toHaveAttribute('aria-busy', 'true');
  await look(page, `esign-form-loading-${test.info().project.name}.png`);
  release();
  await expect(page.getByRole('img', { name: /^Account opening form, page 1 of \d+$/ })).toHaveAttribute(
    'data-drawn-width',
    /^\d+$/,
    FORM_READY,
  );
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  expect([await agree.boundingBox(), await sign.boundingBox()]).toEqual(before);
});
