/**
 * The sandbox face model is a package of its own (packages/sandbox-face, about 42 MB), a development
 * dependency of the API: a production install leaves it out. Its dependencies are resolved from it.
 */
import { createRequire } from 'node:module';

/** A require that resolves from @ekyc/sandbox-face (throws when the package is not installed). */
export function facePackageRequire(resolveFrom: string = import.meta.url): NodeJS.Require {
  return createRequire(createRequire(resolveFrom).resolve('@ekyc/sandbox-face/package.json'));
}

/** Whether the face model can be loaded here (the package and its dependencies resolve). */
export function sandboxFaceInstalled(resolveFrom: string = import.meta.url): boolean {
  try {
    const fromPackage = facePackageRequire(resolveFrom);
    fromPackage.resolve('@vladmandic/human');
    fromPackage.resolve('@tensorflow/tfjs-backend-wasm/package.json');
    return true;
  } catch {
    return false;
  }
}
