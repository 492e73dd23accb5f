/**
 * Test pictures for the selfie checks, cut at run time from the sample photo that ships with
 * @vladmandic/human (no binary files in the repository): one woman, one man, both together, none.
 */
import path from 'node:path';
import sharp from 'sharp';
import { facePackageRequire } from '../../src/sandbox/liveness/face-package.ts';

const fromFacePackage = facePackageRequire(import.meta.url);
const samples = path.join(path.dirname(fromFacePackage.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');

const crop = (left: number, size: number) =>
  sharp(samples).extract({ left, top: 0, width: size, height: size }).resize(300, 300).jpeg({ quality: 85 }).toBuffer();

export async function selfieImages() {
  const [woman, man] = await Promise.all([crop(200, 120), crop(380, 140)]);
  // a 300 by 300 frame, as the camera takes it, with both faces side by side
  const half = (jpeg: Buffer) => sharp(jpeg).resize(150, 150).toBuffer();
  const twoFaces = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
    .composite([
      { input: await half(woman), left: 0, top: 75 },
      { input: await half(man), left: 150, top: 75 },
    ])
    .jpeg()
    .toBuffer();
  const noFace = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8fa9c8' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8fa9c8' } })
    .png()
    .toBuffer();
  return { woman, man, twoFaces, noFace, png };
}

export const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/**
 * Frames of a head turn, as the camera sees them (not mirrored), from the woman's picture: her face
 * is turned to her left (the nose to the picture's right); its mirror image is the same face turned
 * to her right. From the mirror to the picture, the head turns to her left; the other way, to her right.
 */
export async function turnFrames(woman: Buffer) {
  const mirrored = await sharp(woman).flop().jpeg({ quality: 85 }).toBuffer();
  return {
    left: [mirrored, mirrored, woman, woman, woman],
    right: [woman, woman, mirrored, mirrored, mirrored],
    still: [woman, woman, woman, woman, woman],
  };
}
