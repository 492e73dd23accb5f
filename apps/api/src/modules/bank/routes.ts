/** Bank verification calls of section 7, and the UPI provider's webhook. */
import {
  bankVerificationQuerySchema,
  bankVerificationReplySchema,
  bankVerificationRequestSchema,
} from '@ekyc/contracts/calls/bank-verification';
import {
  chequeVerificationReplySchema,
  chequeVerificationRequestSchema,
} from '@ekyc/contracts/calls/cheque-verification';
import { getIfscQuerySchema, getIfscReplySchema } from '@ekyc/contracts/calls/get-ifsc';
import {
  otherBankDocumentReplySchema,
  otherBankDocumentRequestSchema,
} from '@ekyc/contracts/calls/other-bank-document';
import {
  bankConfigReplySchema,
  bankConfigResponseDataSchema,
  vpaValidationReplySchema,
  vpaValidationRequestSchema,
} from '@ekyc/contracts/calls/vpa-validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, invalidField, invalidFieldAs } from '../../lib/errors.ts';
import { readSetuNotification, SETU_SIGNATURE_HEADER, setuNotificationSchema } from '../../providers/upi/setu.ts';
import { readSetuRpdNotification, setuRpdNotificationSchema } from '../../providers/upi/setu-rpd.ts';
import { closeChequeReader } from './cheque-reader.ts';
import { getIfsc } from './get-ifsc.ts';
import { receiveUpiCollect } from './receive-upi-collect.ts';
import { receiveUpiIntent } from './receive-upi-intent.ts';
import { onceFresh } from './webhook-replay.ts';
import { startUpiIntent } from './start-upi-intent.ts';
import { uploadOtherBankDocument } from './upload-other-bank-document.ts';
import { validateVpa } from './validate-vpa.ts';
import { verifyBankAccount } from './verify-bank-account.ts';
import { verifyCheque } from './verify-cheque.ts';
import { ok } from '../../lib/outcome.ts';
import { replies, withInput } from '../../lib/replies.ts';
import { emptyReplySchema } from '@ekyc/contracts/envelope';
import { upiIntentReplySchema } from '@ekyc/contracts/calls/upi-intent';
import { PENNY_DROP_WEBHOOK, TAG, UPI_SIGNATURE } from '../../lib/api-docs.ts';

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const auth = { preHandler: app.requireApplicant };
  app.addHook('onClose', closeChequeReader);

  // Whether the bank step offers UPI (UPI_ENABLED=false: shown as coming soon, manual entry only).
  app.get(
    '/get-bank-config',
    {
      ...auth,
      schema: {
        operationId: 'get-bank-config',
        summary: 'Read which ways of verifying the bank account are on (UPI, UPI collect)',
        tags: [TAG.applicant],
        response: replies(bankConfigReplySchema),
      },
    },
    async () =>
      ok(
        'bankSettings',
        bankConfigResponseDataSchema.parse({
          upi_enabled: deps.config.upiEnabled,
          upi_collect: deps.config.upiCollectEnabled,
        }),
      ),
  );

  app.get(
    '/get-ifsc',
    {
      ...auth,
      schema: {
        operationId: 'get-ifsc',
        summary: 'Look up a bank branch by its IFSC',
        tags: [TAG.applicant],
        querystring: getIfscQuerySchema,
        response: withInput(getIfscReplySchema),
      },
    },
    async (req) => getIfsc(deps, req.query.ifsc),
  );

  app.post(
    '/bank-verification',
    {
      ...auth,
      schema: {
        operationId: 'bank-verification',
        summary: 'Verify a typed bank account by penny drop',
        tags: [TAG.applicant],
        querystring: bankVerificationQuerySchema,
        body: bankVerificationRequestSchema,
        response: withInput(bankVerificationReplySchema),
      },
    },
    async (req) => {
      // UPI has its own call (vpa-validation); this one is the penny drop of a typed account.
      if (req.query.is_vpa) throw invalidFieldAs('is_vpa', 'upiInvalid', 'Use vpa-validation to verify a UPI id');
      return verifyBankAccount(deps, req.applicant!.subjectId, req.body, req.log);
    },
  );

  app.post(
    '/vpa-validation',
    {
      ...auth,
      schema: {
        operationId: 'vpa-validation',
        summary:
          "Verify the bank account through a UPI id: checks it, then sends a Rs 1 collect request to the applicant's UPI app",
        tags: [TAG.applicant],
        body: vpaValidationRequestSchema,
        response: withInput(vpaValidationReplySchema),
      },
    },
    async (req) => validateVpa(deps, req.applicant!.subjectId, req.body, req.log),
  );

  // Bank verification by UPI intent or QR: the applicant pays Rs 1 from their UPI app.
  app.post(
    '/upi-intent',
    {
      ...auth,
      schema: {
        operationId: 'upi-intent',
        summary: 'Start a bank verification by UPI intent or QR: the applicant pays Rs 1 from a UPI app',
        tags: [TAG.applicant],
        response: replies(upiIntentReplySchema),
      },
    },
    async (req) => startUpiIntent(deps, req.applicant!.subjectId, req.log),
  );

  app.post(
    '/cheque-verification',
    {
      ...auth,
      schema: {
        operationId: 'cheque-verification',
        summary: 'Verify the bank account from a photo of a cancelled cheque (base64 data URL)',
        tags: [TAG.applicant],
        body: chequeVerificationRequestSchema,
        response: withInput(chequeVerificationReplySchema),
      },
    },
    async (req) => verifyCheque(deps, req.applicant!.subjectId, req.body, req.log),
  );

  app.post(
    '/other-bank-document',
    {
      ...auth,
      schema: {
        operationId: 'other-bank-document',
        summary: 'Upload another proof of the bank account, such as a statement or a passbook (base64 data URL)',
        tags: [TAG.applicant],
        body: otherBankDocumentRequestSchema,
        response: withInput(otherBankDocumentReplySchema),
      },
    },
    async (req) => uploadOtherBankDocument(deps, req.applicant!.subjectId, req.body),
  );

  // The provider signs the raw body, so this route reads it unparsed.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hook.post(
      '/upi-collect-webhook',
      {
        schema: {
          operationId: 'upi-collect-webhook',
          summary: "Receive the UPI provider's notification of a collect request or a UPI id check",
          description:
            'Signed by the provider: X-Setu-Signature is checked over the raw body (403 when it does not match). Events that settle nothing are acknowledged with message "ignored".',
          tags: [TAG.callbacks],
          security: UPI_SIGNATURE,
          response: withInput(emptyReplySchema),
        },
        config: { documentedBody: setuNotificationSchema },
      },
      async (req) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers[SETU_SIGNATURE_HEADER];
        let notification;
        try {
          notification = readSetuNotification(
            deps.bank.upiWebhookSecret,
            raw,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch {
          throw invalidField('body', 'Malformed notification');
        }
        if (!notification) throw new AppError('FORBIDDEN', 'Bad signature');
        // Events that settle nothing (payment.initiated, payment.pending, customer_vpa.valid) are acknowledged.
        const result = notification === 'ignored' ? 'ignored' : await receiveUpiCollect(deps, notification);
        return { status: true, message: result, data: {} };
      },
    );
    // The reverse penny drop's notifications (UPI intent/QR), authenticated as configured at the provider.
    hook.post(
      '/upi-intent-webhook',
      {
        schema: {
          operationId: 'upi-intent-webhook',
          summary: "Receive the reverse penny drop's notification of a UPI intent or QR payment",
          description:
            'Authenticated as configured at the provider: the HMAC of the raw body in Authorization (or HTTP Basic). 403 when it does not match, when the body\'s timeStamp is outside WEBHOOK_MAX_AGE_SECONDS, or when the same delivery came before. Events other than RPD_VERIFICATION_UPDATE are acknowledged with message "ignored".',
          tags: [TAG.callbacks],
          security: PENNY_DROP_WEBHOOK,
          response: withInput(emptyReplySchema),
        },
        config: { documentedBody: setuRpdNotificationSchema },
      },
      async (req) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        let delivery;
        try {
          delivery = readSetuRpdNotification(deps.bank.rpdWebhookAuth, req.headers.authorization, raw);
        } catch {
          throw invalidField('body', 'Malformed notification');
        }
        if (!delivery) throw new AppError('FORBIDDEN', 'Bad credentials');
        const { notification } = delivery;
        const result = await onceFresh(deps, 'setu-rpd', delivery, async () => {
          if (notification === 'ignored') return 'ignored';
          const applied = await receiveUpiIntent(deps, notification);
          // not an applicant's bank step: a client's bank request may be waiting for it
          return applied === 'applied' ? applied : deps.clientUpiPayments.receive(notification);
        });
        return { status: true, message: result, data: {} };
      },
    );
  });
};
