/**
 * The second sandbox penny drop, in PayU Payouts' wire format (contract): a form with
 * accountNumber, ifscCode, beneName, ... under a bearer token and payoutMerchantId. An account
 * number ending 000 does not exist; an unknown IFSC is refused; any other account is held by the
 * beneficiary named (the applicant's name).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isKnownIfsc } from '../../providers/ifsc/bundled-directory.ts';

const formSchema = z.object({
  accountNumber: z.string().max(40),
  ifscCode: z.string().max(20),
  merchantRefId: z.string().max(64),
  validateIfsc: z.string().max(5).optional(),
  beneName: z.string().max(200).optional(),
  nameMatching: z.string().max(5).optional(),
  purpose: z.string().max(100).optional(),
});

export const sandboxPayuVerifyRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  app.post('/sandbox/bank-payu/payout/payment/verifyAccount', { schema: { body: formSchema } }, async (req, reply) => {
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '') || !req.headers.payoutmerchantid)
      return reply.status(401).send({ status: 1, msg: 'Unauthorized', code: '401', data: null });
    const { accountNumber, ifscCode, beneName } = req.body;
    if (!isKnownIfsc(ifscCode)) return { status: 1, msg: 'Invalid IFSC code', code: 'E1006', data: null };
    if (accountNumber.endsWith('000'))
      return {
        status: 0,
        msg: null,
        code: null,
        data: { accountExists: 'NO', beneficiaryName: null, nameMatch: 0, status: 'Failed', error: 'Invalid account' },
      };
    return {
      status: 0,
      msg: null,
      code: null,
      data: {
        accountExists: 'YES',
        beneficiaryName: (beneName ?? 'ACCOUNT HOLDER').toUpperCase(),
        nameMatch: 100,
        status: 'Success',
        error: '',
      },
    };
  });
};
