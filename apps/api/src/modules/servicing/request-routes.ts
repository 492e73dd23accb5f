/**
 * The client's requests of the kinds added after the nomination (bank accounts), under
 * /api/v1/client/requests: registered by the client area's plugin, with its client session guard.
 * Thin: parse, one use-case, map.
 */
import { bankChangeReplySchema, bankChangeRequestSchema } from '@ekyc/contracts/calls/client-bank';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TAG } from '../../lib/api-docs.ts';
import { alsoFails, withInput } from '../../lib/replies.ts';
import { requestBankChange } from './request-bank-change.ts';

export const clientRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = app.requireClient;

  app.post(
    '/requests/bank',
    {
      schema: {
        operationId: 'request-bank-change',
        summary:
          'Start a change or addition of bank accounts (a primary and up to four more), each verified by penny drop',
        description:
          "Each account is checked at its bank (IFSC lookup, penny drop, the holder's name against the name on PAN) before the request is kept as a draft; an account the bank does not verify is status false with data.reason and data.account (its index). The draft is signed with Aadhaar eSign (requests/{id}/esign), accepted and confirmed four-eyed, and sent to the depository's client master and each exchange's UCC. 409 while another bank request is under way.",
        tags: [TAG.client],
        body: bankChangeRequestSchema,
        response: { ...withInput(bankChangeReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestBankChange(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );
};
