/** /ws/user_profile/?token=: the user details record on connect and after every change (section 4). */
import type { FastifyInstance } from 'fastify';
import { buildUserDetails } from '../records/user-details.ts';
import { channels } from './hub.ts';
import { acceptSocket, closeTryAgain, send } from './sockets.ts';

export async function profileSocketRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { token?: string } }>('/ws/user_profile/', { websocket: true }, async (socket, req) => {
    let applicantId = '';
    let sessionId = '';
    // Pushes carry a version that grows with each read started; a read that finishes after a
    // newer one is not sent, and the web drops any message older than the last it applied.
    let started = 0;
    let sent = 0;
    const push = async () => {
      const version = ++started;
      try {
        const data = await buildUserDetails(app.deps.records, applicantId, sessionId);
        if (version < sent) return;
        sent = version;
        send(socket, { disconnect: false, version, data });
      } catch {
        // The record could not be read (database unreachable): reconnect later, still signed in.
        closeTryAgain(socket);
      }
    };
    const accepted = await acceptSocket(app, socket, req.query.token, async (session) => {
      applicantId = session.subjectId;
      sessionId = session.sessionId;
      return [await app.deps.hub.subscribe(channels.profile(applicantId), () => void push())];
    });
    if (accepted) await push();
  });
}
