/** /ws/user_profile/?token=: the user details record on connect and after every change (section 4). */
import type { FastifyInstance } from 'fastify';
import { buildUserDetails } from '../records/user-details.ts';
import { channels } from './hub.ts';
import { acceptSocket, send } from './sockets.ts';

export async function profileSocketRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { token?: string } }>('/ws/user_profile/', { websocket: true }, async (socket, req) => {
    let applicantId = '';
    let sessionId = '';
    const push = async () => {
      try {
        send(socket, { disconnect: false, data: await buildUserDetails(app.deps.records, applicantId, sessionId) });
      } catch {
        send(socket, { disconnect: true });
        socket.close();
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
