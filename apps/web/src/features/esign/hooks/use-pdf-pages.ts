/** The form's PDF fetched from its signed link and opened with pdf.js; Retry starts over. */
import { useCallback, useEffect, useState } from 'react';
import { downloadBytes } from '../../../lib/api-client';
import { openPdfPages, type PdfPage } from '../../../lib/pdf-pages';

export type PdfPagesState = { status: 'loading' } | { status: 'ready'; pages: PdfPage[] } | { status: 'failed' };

export function usePdfPages(url: string): PdfPagesState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PdfPagesState>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    let close: (() => void) | null = null;
    openPdfPages(downloadBytes(url, { signal: abort.signal }))
      .then((opened) => {
        close = opened.close;
        if (abort.signal.aborted) opened.close();
        else setState({ status: 'ready', pages: opened.pages });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ status: 'failed' });
      });
    return () => {
      abort.abort();
      close?.();
    };
  }, [url, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
