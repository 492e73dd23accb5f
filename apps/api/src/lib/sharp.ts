/**
 * sharp (libvips) loads with the first image, not at start-up: a process that has handled no image
 * does not hold the native library and its JavaScript (some 18 MB resident).
 */
import type Sharp from 'sharp';

export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}
