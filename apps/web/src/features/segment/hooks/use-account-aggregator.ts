/**
 * The account aggregator's consent page opens as a child window; when the applicant approves, it
 * posts {status: 'S', fi, resdate, ecres} back to this window (section 4). A blocked popup falls
 * back to the external redirect, and the AA then returns to this page with ?fi=&resdate=&ecres=.
 */
import { ESIGN_POPUP } from '@ekyc/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface AaMessage {
  status?: 'S' | 'F';
  fi?: string;
  resdate?: string;
  ecres?: string;
  errorcode?: string;
}

export function parseAaMessage(data: unknown): AaMessage | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : undefined);
  const status = str('status');
  const known = status === 'S' || status === 'F' ? status : undefined;
  if (!known && !str('ecres')) return null;
  return { status: known, fi: str('fi'), resdate: str('resdate'), ecres: str('ecres'), errorcode: str('errorcode') };
}

/** The AA's return in the address, when it came back by redirect. */
export function aaReturnFromQuery(search: string): AaMessage | null {
  const q = new URLSearchParams(search);
  const ecres = q.get('ecres');
  if (!ecres) return null;
  return { fi: q.get('fi') ?? undefined, resdate: q.get('resdate') ?? undefined, ecres };
}

export function useAccountAggregator(onResult: (message: AaMessage) => void) {
  const handler = useRef(onResult);
  const child = useRef<Window | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    handler.current = onResult;
  }, [onResult]);

  useEffect(() => {
    const listener = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const message = parseAaMessage(e.data);
      if (!message) return;
      child.current = null;
      setWaiting(false);
      handler.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  // A window closed without an answer stops the wait.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (child.current?.closed) {
        child.current = null;
        setWaiting(false);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const open = useCallback((url: string) => {
    const features = `popup,width=${ESIGN_POPUP.width},height=${ESIGN_POPUP.height}`;
    const w = window.open(url, 'account-aggregator', features);
    if (!w) {
      window.location.assign(url);
      return;
    }
    child.current = w;
    setWaiting(true);
  }, []);

  const focus = useCallback(() => child.current?.focus(), []);
  return { open, waiting, focus };
}
