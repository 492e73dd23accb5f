/**
 * The live profile channel (section 4), opened by ./profile-socket while a token exists: each
 * message replaces the stored user details; a disconnect flag, or the server ending the session
 * (close code 4001), sends the applicant to /. Anything else (a dropped network, a restarting
 * server, 1013 "try again later" while the server cannot check the session) keeps the session:
 * the socket reconnects with growing pauses, without limit, and the page shows a notice until it
 * is back.
 */

export const SESSION_ENDED = 4001;
/** The session already holds its share of sockets (other tabs): stay signed in, without live updates. */
const TOO_MANY_SOCKETS = 4029;
/** Pause before the first reconnection; it doubles up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 10_000;

export function socketUrl(path: string, query: Record<string, string>): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}${path}?${new URLSearchParams(query)}`;
}

/** The part of WebSocket the channel uses (a fake in tests). */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  close(): void;
}

export interface ProfileChannelOptions {
  open: () => SocketLike;
  /** A newer user details record arrived. */
  onData: (data: unknown) => void;
  /** The session is over (signed out elsewhere, revoked, expired). */
  onEnded: () => void;
  /** True while the channel is down and being reconnected. */
  onReconnecting: (reconnecting: boolean) => void;
  schedule?: (fn: () => void, ms: number) => () => void;
}

/** Runs the channel until stopped; returns the stop function. */
export function runProfileChannel(options: ProfileChannelOptions): () => void {
  const schedule =
    options.schedule ??
    ((fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    });
  let socket: SocketLike | null = null;
  let failures = 0;
  let stopped = false;
  let cancel: (() => void) | undefined;

  const end = () => {
    stopped = true;
    socket?.close();
    options.onReconnecting(false);
    options.onEnded();
  };
  const connect = () => {
    // Versions count per connection: a push older than the last applied one is stale.
    let lastVersion = 0;
    const s = options.open();
    socket = s;
    s.onopen = () => {
      failures = 0;
      options.onReconnecting(false);
    };
    s.onmessage = (event) => {
      if (stopped || socket !== s) return;
      let message: { disconnect?: boolean; data?: unknown; version?: number };
      try {
        message = JSON.parse(String(event.data)) as typeof message;
      } catch {
        return; // a malformed frame is ignored
      }
      if (message.disconnect) return end();
      if (!message.data) return;
      if (typeof message.version === 'number') {
        if (message.version <= lastVersion) return;
        lastVersion = message.version;
      }
      options.onData(message.data);
    };
    s.onclose = (event) => {
      if (stopped || socket !== s) return;
      if (event.code === SESSION_ENDED) return end();
      if (event.code === TOO_MANY_SOCKETS) return options.onReconnecting(false);
      options.onReconnecting(true);
      const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** failures);
      failures += 1;
      cancel = schedule(connect, pause);
    };
  };
  connect();
  return () => {
    stopped = true;
    cancel?.();
    socket?.close();
  };
}
