/**
 * /ws/esign_status/?token=&transaction_id= (contract): tells the e-sign page how its transaction
 * ends: signed (with the signed document's link), failed, or 'Time Exceeded' when the window
 * passes first. A transaction that ended before the socket opened is told at once.
 */
import { ESIGN_TIME_EXCEEDED, ESIGN_TIME_EXCEEDED_CODE } from '@ekyc/contracts/calls/esign-consent';
import { told } from '../../lib/outcome.ts';
import type { FastifyInstance } from 'fastify';
import { channels } from '../../realtime/hub.ts';
import type { Message } from '../../realtime/hub.ts';
import { acceptSocket, send } from '../../realtime/sockets.ts';
import { withFileUrls } from '../../records/user-details.ts';
import { esignRepository as repo } from './esign.repository.ts';
import { expireIfPending } from './start-esign-consent.ts';
import { ROUTE } from '@ekyc/contracts/stages';

export async function esignSocketRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.get<{ Querystring: { token?: string; transaction_id?: string } }>(
    '/ws/esign_status/',
    { websocket: true },
    async (socket, req) => {
      const txn = String(req.query.transaction_id ?? '').slice(0, 64);
      let owner: string | null = null;
      let sessionId = '';
      const accepted = await acceptSocket(app, socket, req.query.token, async (session) => {
        const row = txn ? await repo.find(deps.database.db, txn) : undefined;
        if (!row || row.applicantId !== session.subjectId) return [];
        owner = row.applicantId;
        sessionId = session.sessionId;
        const off = await deps.hub.subscribe(channels.esign(txn), (message) =>
          send(socket, withFileUrls(message, (ref) => deps.records.fileUrl(ref, session.sessionId)) as Message),
        );
        const timer = setTimeout(
          () => void expireIfPending(deps, txn).catch(() => undefined),
          Math.max(0, row.expiresAt.getTime() - deps.esign.now()),
        );
        return [off, () => clearTimeout(timer)];
      });
      if (!accepted) return;
      if (!owner) {
        send(socket, { status: false, disconnect: true, ...told('socketUnknownTransaction') });
        socket.close(4004, 'unknown transaction');
        return;
      }
      const row = await repo.find(deps.database.db, txn);
      if (row?.status === 'signed') {
        const section = await deps.records.getSection(owner, 'esign_obj');
        send(socket, {
          status: true,
          ...told('esignSigned'),
          disconnect: false,
          data: {
            ...(section?.signed_document && {
              signed_document_link: deps.records.fileUrl(section.signed_document, sessionId),
            }),
            screen: ROUTE.status,
          },
        });
      } else if (row?.status === 'expired')
        send(socket, {
          status: false,
          message: ESIGN_TIME_EXCEEDED,
          code: ESIGN_TIME_EXCEEDED_CODE,
          disconnect: false,
        });
      else if (row?.status === 'failed') send(socket, { status: false, ...told('esignError'), disconnect: false });
      else if (row && row.expiresAt.getTime() <= deps.esign.now()) await expireIfPending(deps, txn);
    },
  );
}
