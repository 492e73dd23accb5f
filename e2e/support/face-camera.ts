/**
 * Chromium's fake camera shows a test pattern, which the sandbox's real face check refuses (no
 * face). For journeys that must pass the selfie, the page's camera is a canvas showing a face
 * from the sample photo that ships with @vladmandic/human.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

let faceDataUrl: Promise<string> | null = null;

function face(): Promise<string> {
  faceDataUrl ??= (async () => {
    const human = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
    const bytes = await sharp(path.join(human, '..', 'assets', 'samples.jpg'))
      .extract({ left: 200, top: 0, width: 120, height: 120 })
      .resize(480, 480)
      .jpeg({ quality: 90 })
      .toBuffer();
    return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  })();
  return faceDataUrl;
}

/** Every getUserMedia in the page answers a stream of the face picture. */
export async function useFaceAsCamera(page: Page) {
  const src = await face();
  await page.addInitScript((image: string) => {
    const img = new Image();
    img.src = image;
    const stream = async () => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 480;
      const ctx = canvas.getContext('2d')!;
      const draw = () => ctx.drawImage(img, 0, 0, 480, 480);
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };
    if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = () => stream();
  }, src);
}

/** A desktop without any camera: the browser finds no video device. */
export async function withoutCamera(page: Page) {
  await page.addInitScript(() => {
    if (navigator.mediaDevices)
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
  });
}
