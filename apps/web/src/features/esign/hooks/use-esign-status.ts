/** The e-sign status socket (section 7): how the transaction ends. */
import { type EsignStatusMessage, esignStatusMessageSchema } from '@ekyc/contracts/calls/esign-consent';
import { useEffect, useRef } from 'react';
import { socketUrl } from '../../../lib/profile-channel';

export function useEsignStatus(
  token: string | null,
  transactionId: string | null,
  handlers: { onMessage: (m: EsignStatusMessage) => void; onLost: () => void },
) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!token || !transactionId) return;
    let done = false;
    const socket = new WebSocket(socketUrl('/ws/esign_status/', { token, transaction_id: transactionId }));
    socket.onmessage = (event) => {
      try {
        const parsed = esignStatusMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        if (parsed.data.disconnect) {
          done = true;
          ref.current.onLost();
          return;
        }
        if (parsed.data.status !== undefined) done = true;
        ref.current.onMessage(parsed.data);
      } catch {
        // a malformed frame is ignored
      }
    };
    // section 4: a socket error or disconnect goes to /
    socket.onerror = () => {
      if (!done) ref.current.onLost();
      done = true;
    };
    socket.onclose = () => {
      if (!done) ref.current.onLost();
      done = true;
    };
    return () => {
      done = true;
      socket.close();
    };
  }, [token, transactionId]);
}
