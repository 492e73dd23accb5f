import { useEffect, useRef, useState } from 'react';
import { isCancelled, type PdfPage } from '../../../lib/pdf-pages';

/**
 * One page of the form, `width` CSS pixels wide. Its box has the page's size from the start; the
 * page is drawn only once it comes near the visible part of `root`, and drawn again at a new width
 * only while it is there (a page out of view keeps its last drawing, stretched, until it is seen).
 */
export function PdfPageCanvas({
  page,
  width,
  label,
  root,
  onFailed,
}: {
  page: PdfPage;
  width: number;
  label: string;
  root: HTMLElement | null;
  onFailed: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawnWidth = useRef(0);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !root) return;
    // half the preview's height ahead: the next page is ready by the time it scrolls in
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), {
      root,
      rootMargin: '50% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const el = canvas.current;
    if (!el || !inView || width <= 0 || drawnWidth.current === width) return;
    const drawing = page.draw(el, width);
    drawing.done.then(
      () => {
        drawnWidth.current = width;
        el.dataset.drawnWidth = String(width);
      },
      (err: unknown) => {
        if (!isCancelled(err)) onFailed();
      },
    );
    return () => drawing.cancel();
  }, [page, width, inView, onFailed]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      className="block bg-white shadow-sm ring-1 ring-slate-200"
      style={{ width, height: (width * page.height) / page.width }}
    />
  );
}
