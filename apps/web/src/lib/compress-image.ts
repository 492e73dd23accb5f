/**
 * Compresses a photo in the browser before upload (section 5: at most 1 MB and 800 px unless a
 * reader needs more detail). The library loads only when a file is chosen, not with the page.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_PX } from '@ekyc/contracts/constants';

export async function compressImage(file: File, options: { maxBytes?: number; maxPx?: number } = {}): Promise<File> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const maxPx = options.maxPx ?? IMAGE_MAX_PX;
  // A photo already within both limits goes as it is (the server turns it upright and drops its
  // metadata when it re-encodes it). The library would encode it again and again trying to make it
  // smaller than it already is, ten times at most, each encoding an idle-time task of the browser's.
  if (file.size <= maxBytes && (await fitsWithin(file, maxPx))) return file;
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxSizeMB: maxBytes / (1024 * 1024),
    maxWidthOrHeight: maxPx,
    useWebWorker: false,
    fileType: file.type === 'image/jpg' ? 'image/jpeg' : file.type,
  });
}

/** Whether the picture's width and height are both at most `maxPx`; false when the browser cannot tell. */
async function fitsWithin(file: File, maxPx: number): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return false;
  try {
    const bitmap = await createImageBitmap(file);
    const fits = bitmap.width <= maxPx && bitmap.height <= maxPx;
    bitmap.close();
    return fits;
  } catch {
    return false;
  }
}
