/**
 * Chromium's fake camera shows a test pattern, which the sandbox's real face check refuses (no
 * face). For journeys that must pass the selfie, the page's camera is a canvas showing a face
 * from the sample photo that ships with @vladmandic/human: the same face the sandbox DigiLocker
 * gives a holder of that gender as the Aadhaar photo (sample-faces.ts), so the face match passes;
 * the other one fails it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  type HolderGender,
  SAMPLE_FACES,
  SAMPLE_PICTURE,
  sandboxHolderGender,
} from '../../apps/api/src/sandbox/digilocker/sample-faces';

const faceDataUrls = new Map<HolderGender, Promise<string>>();

function face(gender: HolderGender): Promise<string> {
  let url = faceDataUrls.get(gender);
  if (!url)
    faceDataUrls.set(
      gender,
      (url = (async () => {
        const human = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
        const bytes = await sharp(path.join(human, '..', SAMPLE_PICTURE))
          .extract(SAMPLE_FACES[gender])
          .resize(480, 480)
          .jpeg({ quality: 90 })
          .toBuffer();
        return `data:image/jpeg;base64,${bytes.toString('base64')}`;
      })()),
    );
  return url;
}

/** The gender of the sandbox DigiLocker's holder for a PAN: whose face matches its Aadhaar photo. */
export const holderGenderOf = (pan: string): HolderGender => sandboxHolderGender(pan);

/**
 * Every getUserMedia in the page answers a stream of a sample face: the woman's by default, or the
 * one of the given holder's gender (the face that matches that holder's Aadhaar photo).
 */
export async function useFaceAsCamera(page: Page, gender: HolderGender = 'F') {
  const src = await face(gender);
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
