/**
 * A camera whose face turns: the page's getUserMedia answers a canvas stream of the woman's face
 * from the sample photo that ships with @vladmandic/human, turned to her left (the picture itself:
 * the nose to the picture's right) or to her right (its mirror image). The test chooses what the
 * camera shows before the selfie and what it shows from the click on the capture button on: from
 * one to the other is a head turn, as the camera sees it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { SAMPLE_FACES, SAMPLE_PICTURE } from '../../apps/api/src/sandbox/digilocker/sample-faces';

/** The head turned to the applicant's own left or right. */
export type Facing = 'left' | 'right';

async function womanFace(facing: Facing): Promise<string> {
  const human = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
  let image = sharp(path.join(human, '..', SAMPLE_PICTURE))
    .extract(SAMPLE_FACES.F)
    .resize(480, 480);
  if (facing === 'right') image = image.flop();
  return `data:image/jpeg;base64,${(await image.jpeg({ quality: 90 }).toBuffer()).toString('base64')}`;
}

interface TurningCamera {
  /** Shows a head facing this way, and once the capture button is clicked, facing `then`. */
  turn(now: Facing, then: Facing): Promise<void>;
}

/** Installs the turning camera; `captureButton` is the text of the button that takes the selfie. */
export async function useTurningFaceAsCamera(page: Page, captureButton: string) {
  const [left, right] = await Promise.all([womanFace('left'), womanFace('right')]);
  await page.addInitScript(
    ([leftSrc, rightSrc, button]) => {
      const images = {
        left: Object.assign(new Image(), { src: leftSrc }),
        right: Object.assign(new Image(), { src: rightSrc }),
      };
      let shown = images.left;
      let afterClick = images.left;
      // the page's own handler takes the selfie first: the switch waits for the click's handlers to finish
      window.addEventListener(
        'click',
        (event) => {
          const target = (event.target as Element | null)?.closest('button');
          if (target?.textContent?.includes(button)) setTimeout(() => (shown = afterClick), 0);
        },
        true,
      );
      let draw = () => undefined as void;
      const camera: TurningCamera = {
        async turn(now, then) {
          shown = images[now];
          afterClick = images[then];
          draw();
          // two frames of the new picture presented by the page's video: the next capture sees it
          const video = document.querySelector('video');
          for (let i = 0; video && i < 2; i++) await new Promise((r) => video.requestVideoFrameCallback(r));
        },
      };
      (window as unknown as { turningCamera: TurningCamera }).turningCamera = camera;
      const stream = async () => {
        await Promise.all(Object.values(images).map((i) => i.decode()));
        const canvas = document.createElement('canvas');
        canvas.width = 480;
        canvas.height = 480;
        const ctx = canvas.getContext('2d')!;
        draw = () => ctx.drawImage(shown, 0, 0, 480, 480);
        draw();
        setInterval(draw, 50);
        return canvas.captureStream(20);
      };
      if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = () => stream();
    },
    [left, right, captureButton] as const,
  );
  return {
    turn: (now: Facing, then: Facing) =>
      page.evaluate(([a, b]) => (window as unknown as { turningCamera: TurningCamera }).turningCamera.turn(a, b), [
        now,
        then,
      ] as const),
  };
}
