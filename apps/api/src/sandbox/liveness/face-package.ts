/**
 * The sandbox face model is a package of its own (packages/sandbox-face, about 42 MB), a development
 * dependency of the API: a production install leaves it out. Found through its package.json.
 */
import { createRequire } from 'node:module';

export const SANDBOX_FACE_PACKAGE = '@ekyc/sandbox-face/package.json';

/** Whether the face model can be loaded here (the package and its dependencies resolve). */
export function sandboxFaceInstalled(resolveFrom: string = import.meta.url): boolean {
  try {
    const fromPackage = createRequire(createRequire(resolveFrom).resolve(SANDBOX_FACE_PACKAGE));
    fromPackage.resolve('@vladmandic/human');
    fromPackage.resolve('@tensorflow/tfjs-backend-wasm/package.json');
    return true;
  } catch {
    return false;
  }
}
