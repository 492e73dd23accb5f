/**
 * A PDF drawn page by page with pdf.js: the account-opening form on the e-sign page, and the
 * documents a reviewer opens in the back office. The library and its worker load only when a page
 * shows a PDF: a dynamic import, and the worker as a file of the app's own build (no other origin). The legacy build, because the modern one calls browser features
 * newer than the app's targets (Map.getOrInsertComputed, Promise.try) without polyfills.
 */
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

/** Canvas pixels per page at most: iOS Safari refuses a canvas over 16.7 million and runs short of canvas memory well before. */
const MAX_CANVAS_PIXELS = 2 ** 23;

export interface PdfPage {
  /** The page's size in PDF points, its rotation applied. */
  width: number;
  height: number;
  /** Draws the page `cssWidth` CSS pixels wide, sharp at the screen's pixel ratio, onto `canvas`. */
  draw(canvas: HTMLCanvasElement, cssWidth: number): { done: Promise<void>; cancel(): void };
  /** The page's text, its items joined by spaces (to find the page that carries a label). */
  text(): Promise<string>;
}

export interface PdfPages {
  pages: PdfPage[];
  close(): void;
}

/** True for the rejection a cancelled drawing ends with (not a failure). */
export const isCancelled = (err: unknown) => err instanceof Error && err.name === 'RenderingCancelledException';

/** Opens the PDF whose bytes `download` brings; the library downloads meanwhile. */
export async function openPdfPages(download: Promise<ArrayBuffer>): Promise<PdfPages> {
  const [pdfjs, bytes] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), download]);
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    // the app's CSP has no 'unsafe-eval'; without this pdf.js tries it (a CSP violation) first
    isEvalSupported: false,
    // warnings about the document stay out of the applicant's console
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    const proxies = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
    const pages = proxies.map((proxy): PdfPage => {
      const { width, height } = proxy.getViewport({ scale: 1 });
      return {
        width,
        height,
        draw(canvas, cssWidth) {
          let pixelRatio = window.devicePixelRatio || 1;
          const cssHeight = (cssWidth * height) / width;
          const area = cssWidth * cssHeight * pixelRatio * pixelRatio;
          if (area > MAX_CANVAS_PIXELS) pixelRatio *= Math.sqrt(MAX_CANVAS_PIXELS / area);
          const viewport = proxy.getViewport({ scale: (cssWidth * pixelRatio) / width });
          // drawn off screen, then copied in one go: the page on show stays until the new one is ready
          const offscreen = document.createElement('canvas');
          offscreen.width = Math.round(viewport.width);
          offscreen.height = Math.round(viewport.height);
          const render = proxy.render({ canvas: offscreen, viewport });
          const done = render.promise.then(() => {
            canvas.width = offscreen.width;
            canvas.height = offscreen.height;
            canvas.getContext('2d')?.drawImage(offscreen, 0, 0);
            offscreen.width = 0;
            offscreen.height = 0;
          });
          return { done, cancel: () => render.cancel() };
        },
        async text() {
          const content = await proxy.getTextContent();
          return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        },
      };
    });
    return { pages, close: () => void task.destroy() };
  } catch (err) {
    void task.destroy();
    throw err;
  }
}
