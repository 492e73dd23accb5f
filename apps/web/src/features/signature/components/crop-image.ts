/** Draws the chosen crop of a rotated image onto a canvas and returns it as a PNG data URL. */
import type { Area } from 'react-easy-crop';

/** Keeps the cropped PNG well under the 5 MB limit even from a large phone photo. */
const MAX_OUTPUT_PX = 1600;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image failed to load'));
    img.src = src;
  });
}

export async function cropToPng(src: string, area: Area, rotation: number): Promise<string> {
  const img = await loadImage(src);
  const radians = (rotation * Math.PI) / 180;
  const quarterTurned = Math.abs(rotation % 180) === 90;
  const boundW = quarterTurned ? img.naturalHeight : img.naturalWidth;
  const boundH = quarterTurned ? img.naturalWidth : img.naturalHeight;

  // The whole rotated image first, then the crop window cut out of it.
  const rotated = document.createElement('canvas');
  rotated.width = boundW;
  rotated.height = boundH;
  const rctx = rotated.getContext('2d');
  if (!rctx) throw new Error('no canvas');
  rctx.translate(boundW / 2, boundH / 2);
  rctx.rotate(radians);
  rctx.drawImage(img, -img.naturalWidth / 2, -img.naturalHeight / 2);

  const scale = Math.min(1, MAX_OUTPUT_PX / Math.max(area.width, area.height));
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(area.width * scale));
  out.height = Math.max(1, Math.round(area.height * scale));
  const octx = out.getContext('2d');
  if (!octx) throw new Error('no canvas');
  octx.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}
