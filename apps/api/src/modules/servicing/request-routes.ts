/**
 * The client's requests of the kinds added after the nomination (bank accounts, closure, DDPI), under
 * /api/v1/client/requests: registered by the client area's plugin, with its client session guard.
 * Thin: parse, one use-case, map.
 */
import { bankChangeReplySchema, bankChangeRequestSchema } from '@ekyc/contracts/calls/client-bank';
import { closureReplySchema, closureRequestSchema } from '@ekyc/contracts/calls/client-closure';
import { ddpiRequestReplySchema } from '@ekyc/contracts/calls/ddpi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TAG } from '../../lib/api-docs.ts';
import { alsoFails, replies, withInput } from '../../lib/replies.ts';
import { requestBankChange } from './request-bank-change.ts';
import { requestClosure } from './request-closure.ts';
import { requestDdpi } from './request-ddpi.ts';

export const clientRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = app.requireClient;

  app.post(
    '/requests/bank',
    {
      schema: {
        operationId: 'request-bank-change',
        summary:
          'Start a change or addition of bank accounts (a primary and up to four more), each verified by penny drop or UPI',
        description:
          "Each account is checked at its bank (IFSC lookup, penny drop, the holder's name against the name on PAN) before the request is kept as a draft, or is named by a UPI reverse penny drop the client paid (upi_payment, from requests/bank/upi); an account the bank does not verify, or a payment not verified or used already, is status false with data.reason and data.account (its index). The draft is signed with Aadhaar eSign (requests/{id}/esign), accepted and confirmed four-eyed, and sent to the depository's client master and each exchange's UCC. 409 while another bank request is under way.",
        tags: [TAG.client],
        body: bankChangeRequestSchema,
        response: { ...withInput(bankChangeReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestBankChange(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );

  app.post(
    '/requests/closure',
    {
      schema: {
        operationId: 'request-closure',
        summary: "Start the closure of the client's accounts, pre-checked at the broker's back office",
        description:
          "The back office answers balances, holdings, open positions, pledges and pending requests (data.pre_check). Open positions, pledges, a debit balance or a request in process refuse the closure (status false, data.reason the first of pre_check.blockers); holdings without a target demat account (target: depository and bo_id, CDSL 16 digits, NSDL IN + 14) answer data.reason transfer_needed. Otherwise a draft is kept, signed with Aadhaar eSign (requests/{id}/esign), four-eyed, and sent as closure records to the depository and each exchange's UCC; once all accept, the account is closed and its retention hold starts. 409 while another closure request is under way; 503 when the back office cannot be reached.",
        tags: [TAG.client],
        body: closureRequestSchema,
        response: { ...withInput(closureReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestClosure(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );

  app.post(
    '/requests/ddpi',
    {
      schema: {
        operationId: 'request-ddpi',
        summary: 'Start a DDPI given after opening: its own document, listing its purposes, to sign on its own',
        description:
          'The draft is the DDPI document (the purposes of the rules in force today), signed with Aadhaar eSign (requests/{id}/esign), accepted and confirmed four-eyed, and sent to the depository as a modification of the client master; the DDPI is on record once the depository accepts. A draft not yet signed is answered again. 409 when a DDPI is given already or a DDPI request is under way.',
        tags: [TAG.client],
        response: { ...replies(ddpiRequestReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestDdpi(deps, req.client!.subjectId, req.client!.sessionId),
  );
};
