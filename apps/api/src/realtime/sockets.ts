/**
 * The two socket channels share one shape: authenticate by the token in the query, subscribe to
 * hub channels, forward messages, and close with a reconnectable code when the session ends.
 */
import { told } from '../lib/outcome.ts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionInfo } from '../auth/sessions.ts';
import type { Message } from './hub.ts';

/**
 * 4001: session ended (do not reconnect); 1012: server restarting (reconnect); 1013: try again
 * later (the session could not be checked or read, e.g. the database is unreachable: reconnect,
 * the applicant stays signed in).
 */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_RESTART = 1012;
/** 4029: this session already holds its share of sockets (SOCKETS_PER_SESSION); do not retry. */
export const CLOSE_TOO_MANY_SOCKETS = 4029;

export const CLOSE_TRY_AGAIN = 1013;

/** Closes a socket that cannot be served right now; the client reconnects with the same token. */
export function closeTryAgain(socket: WebSocket) {
  send(socket, { disconnect: false, retry: true, ...told('serviceUnavailable') });
  socket.close(CLOSE_TRY_AGAIN, 'try again later');
}

const open = new Set<WebSocket>();
/** Open sockets per session, in this process. */
const perSession = new Map<string, number>();
export const openSocketCount = () => open.size;

export function closeAllSockets(code = CLOSE_RESTART, reason = 'server restarting') {
  for (const s of open) s.close(code, reason);
}

export function send(socket: WebSocket, message: Message) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Authenticates a socket and wires its subscriptions; returns false (after closing) when refused. */
export async function acceptSocket(
  app: FastifyInstance,
  socket: WebSocket,
  token: string | undefined,
  subscribe: (session: SessionInfo) => Promise<Array<() => void>>,
): Promise<boolean> {
  let session: SessionInfo | null;
  try {
    session = await app.deps.sessions.authenticate(token, 'applicant');
  } catch {
    // The session could not be checked (database unreachable): not the same as signed out.
    closeTryAgain(socket);
    return false;
  }
  if (!session) {
    send(socket, { disconnect: true, ...told('socketUnauthorized') });
    socket.close(CLOSE_SESSION_ENDED, 'unauthorized');
    return false;
  }
  if (socket.readyState !== socket.OPEN) return false;
  const held = perSession.get(session.sessionId) ?? 0;
  if (held >= app.deps.config.session.socketsPerSession) {
    send(socket, { disconnect: false, ...told('socketTooMany') });
    socket.close(CLOSE_TOO_MANY_SOCKETS, 'too many sockets for this session');
    return false;
  }
  perSession.set(session.sessionId, held + 1);
  open.add(socket);
  const subscriptions: Array<() => void> = [];
  socket.on('close', () => {
    open.delete(socket);
    const left = (perSession.get(session.sessionId) ?? 1) - 1;
    if (left > 0) perSession.set(session.sessionId, left);
    else perSession.delete(session.sessionId);
    subscriptions.forEach((off) => off());
  });
  try {
    subscriptions.push(
      await app.deps.hub.subscribe(`session:${session.sessionId}`, () => {
        send(socket, { disconnect: true });
        socket.close(CLOSE_SESSION_ENDED, 'session ended');
      }),
      ...(await subscribe(session)),
    );
  } catch {
    subscriptions.forEach((off) => off());
    subscriptions.length = 0;
    closeTryAgain(socket);
    return false;
  }
  // While Redis is away a sign-out made through another process cannot reach this socket: at each
  // ping during (and just after) an outage the session is checked again in the database.
  let hubWasDown = false;
  const ping = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    socket.ping();
    const hubDown = !app.deps.hub.connected();
    if (hubDown || hubWasDown)
      void app.deps.sessions
        .authenticate(token, 'applicant')
        .then((still) => {
          if (still) return;
          send(socket, { disconnect: true });
          socket.close(CLOSE_SESSION_ENDED, 'session ended');
        })
        .catch(() => undefined);
    hubWasDown = hubDown;
  }, 25_000);
  socket.on('close', () => clearInterval(ping));
  watchExpiry(app, socket, session.sessionId);
  return true;
}

/** A timer's longest delay (setTimeout's 32-bit limit). */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** How soon to look again when the session could not be read (the database unreachable). */
const RECHECK_MS = 25_000;

/**
 * Closes the socket (4001) when its session expires, absolute or idle: at the moment it would end,
 * the session is read again; an applicant who kept using it meanwhile moved the moment on, and the
 * watch waits for the new one. Nothing is pushed after the close (send checks the socket is open).
 */
function watchExpiry(app: FastifyInstance, socket: WebSocket, sessionId: string) {
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    if (socket.readyState !== socket.OPEN) return;
    let until: number | null;
    try {
      until = await app.deps.sessions.liveUntil(sessionId);
    } catch {
      timer = setTimeout(() => void check(), RECHECK_MS);
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (until === null || until <= Date.now()) {
      send(socket, { disconnect: true });
      socket.close(CLOSE_SESSION_ENDED, 'session expired');
      return;
    }
    timer = setTimeout(() => void check(), Math.min(until - Date.now() + 10, MAX_DELAY_MS));
  };
  socket.on('close', () => clearTimeout(timer));
  void check();
}
