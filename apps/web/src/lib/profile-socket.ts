/**
 * The live profile channel (section 4): opened while a token exists; each message replaces the
 * stored user details; a disconnect flag, or the server ending the session, sends the applicant to /.
 * A dropped network connection is retried a few times before giving up the same way.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { session, useSession } from './session';
import { USER_DETAILS_KEY } from './user-details';

const SESSION_ENDED = 4001;
/** The session already holds its share of sockets (other tabs): stay signed in, without live updates. */
const TOO_MANY_SOCKETS = 4029;
const MAX_RETRIES = 4;

export function socketUrl(path: string, query: Record<string, string>): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}${path}?${new URLSearchParams(query)}`;
}

export function useProfileSocket(onEnded: () => void) {
  const { token } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let retries = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = () => {
      stopped = true;
      session.clear();
      client.removeQueries({ queryKey: USER_DETAILS_KEY });
      onEnded();
    };
    const connect = () => {
      socket = new WebSocket(socketUrl('/ws/user_profile/', { token }));
      socket.onopen = () => {
        retries = 0;
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { disconnect?: boolean; data?: unknown };
          if (message.disconnect) return end();
          if (message.data) client.setQueryData(USER_DETAILS_KEY, message.data);
        } catch {
          // ignore a malformed frame
        }
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (event.code === SESSION_ENDED) return end();
        if (event.code === TOO_MANY_SOCKETS) return;
        if (retries >= MAX_RETRIES) return end();
        retries += 1;
        timer = setTimeout(connect, 500 * 2 ** retries);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, client, onEnded]);
}
