/** The pictures a full journey uploads: a drawn signature (PNG) and a one-face selfie (JPEG), as data: URLs. */
import sharp from 'sharp';
import { dataUrl, selfieImages } from './selfie-images.ts';

export async function journeyAssets(): Promise<{ signaturePng: string; selfieJpeg: string }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 100 C 80 10, 160 10, 390 90" stroke="#000" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { woman } = await selfieImages();
  return { signaturePng: `data:image/png;base64,${png.toString('base64')}`, selfieJpeg: dataUrl(woman) };
}
