/** Section 5's compression: a photo over 1 MB or 800 px is compressed; one within both goes as it is. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compressImage } from '../src/lib/compress-image';

const library = vi.hoisted(() =>
  vi.fn(async (file: File, _options: object) => new File(['smaller'], file.name, { type: file.type })),
);
vi.mock('browser-image-compression', () => ({ default: library }));

/** The browser's decoder, as far as the code asks it: each file's size in pixels, by name. */
const pixels: Record<string, [number, number]> = {};
const photo = (name: string, bytes: number, width: number, height: number) => {
  pixels[name] = [width, height];
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
};

beforeEach(() => {
  library.mockClear();
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    const size = pixels[file.name];
    if (!size) throw new Error('not an image');
    return { width: size[0], height: size[1], close: () => undefined };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('compressImage', () => {
  it('sends a photo within 1 MB and 800 px as it is, without loading the library', async () => {
    const file = photo('small.jpg', 2_000, 640, 400);
    expect(await compressImage(file)).toBe(file);
    expect(library).not.toHaveBeenCalled();
  });

  it('compresses a photo wider than 800 px, or larger than 1 MB, to those limits', async () => {
    const wide = photo('wide.jpg', 2_000, 801, 400);
    const heavy = photo('heavy.jpg', 1024 * 1024 + 1, 640, 400);
    expect(await compressImage(wide)).not.toBe(wide);
    expect(await compressImage(heavy)).not.toBe(heavy);
    expect(library).toHaveBeenCalledTimes(2);
    expect(library.mock.calls[0]![1]).toMatchObject({ maxSizeMB: 1, maxWidthOrHeight: 800 });
  });

  it('takes a reader’s larger limit, and compresses what the browser cannot measure', async () => {
    const card = photo('card.jpg', 2_000, 1600, 1000);
    expect(await compressImage(card, { maxPx: 1600 })).toBe(card);
    expect(library).not.toHaveBeenCalled();
    await compressImage(new File(['?'], 'unknown.jpg', { type: 'image/jpeg' }));
    expect(library).toHaveBeenCalledTimes(1);
  });
});
