/**
 * The sandbox penny drop in Cashfree's wire format (contract): an account number ending 000 fails,
 * any other succeeds with the holder name the caller expects (the applicant's name).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomId } from '../../lib/crypto.ts';
import { bankNameOf, isKnownIfsc } from '../../providers/ifsc/bundled-directory.ts';

const bodySchema = z.object({
  bank_account: z.string().max(40),
  ifsc: z.string().max(20),
  name: z.string().max(200).optional(),
  phone: z.string().max(20).optional(),
});

export const sandboxPennyDropRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/sandbox/bank/verification/bank-account/sync', { schema: { body: bodySchema } }, async (req, reply) => {
    if (!req.headers['x-client-id'] || !req.headers['x-client-secret'])
      return reply.status(401).send({ type: 'authentication_error', message: 'x-client-id missing' });
    const { bank_account: account, ifsc, name } = req.body;
    const reference_id = Math.floor(Math.random() * 1e9);
    if (!isKnownIfsc(ifsc))
      return { reference_id, account_status: 'INVALID', account_status_code: 'INVALID_IFSC_FAIL', name_at_bank: null };
    if (account.endsWith('000'))
      return {
        reference_id,
        account_status: 'INVALID',
        account_status_code: 'INVALID_ACCOUNT_FAIL',
        name_at_bank: null,
      };
    return {
      reference_id,
      name_at_bank: (name ?? 'ACCOUNT HOLDER').toUpperCase(),
      bank_name: bankNameOf(ifsc),
      utr: randomId(6).toUpperCase(),
      name_match_score: '100.00',
      name_match_result: 'DIRECT_MATCH',
      account_status: 'VALID',
      account_status_code: 'ACCOUNT_IS_VALID',
    };
  });
};
