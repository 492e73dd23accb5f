/**
 * Compresses a photo in the browser before upload (section 5: at most 1 MB and 800 px unless a
 * reader needs more detail). The library loads only when a file is chosen, not with the page.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_PX } from '@ekyc/contracts/constants';

export async function compressImage(file: File, options: { maxBytes?: number; maxPx?: number } = {}): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxSizeMB: (options.maxBytes ?? IMAGE_MAX_BYTES) / (1024 * 1024),
    maxWidthOrHeight: options.maxPx ?? IMAGE_MAX_PX,
    useWebWorker: false,
    fileType: file.type === 'image/jpg' ? 'image/jpeg' : file.type,
  });
}
