/**
 * The client's requests of the kinds added after the nomination (bank accounts, closure, DDPI,
 * address, mobile and e-mail), under
 * /api/v1/client/requests: registered by the client area's plugin, with its client session guard.
 * Thin: parse, one use-case, map.
 */
import { bankChangeReplySchema, bankChangeRequestSchema } from '@ekyc/contracts/calls/client-bank';
import { closureReplySchema, closureRequestSchema } from '@ekyc/contracts/calls/client-closure';
import { ddpiRequestReplySchema } from '@ekyc/contracts/calls/ddpi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TAG } from '../../lib/api-docs.ts';
import { alsoFails, replies, withInput } from '../../lib/replies.ts';
import {
  addressChangeReplySchema,
  addressChangeRequestSchema,
  addressDigilockerReplySchema,
  contactChangeReplySchema,
  contactChangeRequestSchema,
  contactOtpReplySchema,
  contactOtpRequestSchema,
} from '@ekyc/contracts/calls/client-contact';
import { requestLanguage } from '../../lib/language.ts';
import { requestAddressChange, startAddressDigilocker } from './request-address-change.ts';
import { requestBankChange } from './request-bank-change.ts';
import { requestContactChange, sendContactOtps } from './request-contact-change.ts';
import { requestClosure } from './request-closure.ts';
import { requestDdpi } from './request-ddpi.ts';

export const clientRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = app.requireClient;
  const otpLimit = {
    rateLimit: {
      groupId: 'otp',
      max: deps.config.rateLimit.otpPerMinute,
      timeWindow: '1 minute',
      whenRedisDown: deps.config.redisDown.otpRateLimit,
    },
  };

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

  app.post(
    '/requests/address/digilocker',
    {
      schema: {
        operationId: 'start-address-digilocker',
        summary: "Open DigiLocker to fetch the client's address from the e-Aadhaar (data.url is the consent page)",
        description:
          'DigiLocker returns to the registered redirect URI with code and state; the client area posts them to requests/address (source digilocker). 409 while another address request is under way.',
        tags: [TAG.client],
        response: { ...replies(addressDigilockerReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => startAddressDigilocker(deps, req.client!.subjectId),
  );

  app.post(
    '/requests/address',
    {
      schema: {
        operationId: 'request-address-change',
        summary: 'Start a change of address: from DigiLocker, or typed with an uploaded proof',
        description:
          "source digilocker: DigiLocker's code and state, the e-Aadhaar's address kept with its last four digits as the proof (a return that is not this client's live request, or a failed fetch, is status false with data.reason digilocker). source document: the address typed, the proof's kind and number and the document as a data URL (PNG, JPEG or PDF). The draft is signed with Aadhaar eSign (requests/{id}/esign), four-eyed, and sent to the KRA (modification), the depository's client master and each exchange's UCC. 409 while another address request is under way.",
        tags: [TAG.client],
        body: addressChangeRequestSchema,
        response: { ...withInput(addressChangeReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestAddressChange(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );

  app.post(
    '/requests/contact/otp',
    {
      schema: {
        operationId: 'send-contact-change-otps',
        summary: 'Send one OTP to the mobile or e-mail on record and another to the new one',
        description:
          "A mobile another client signs in with is refused (data.reason in_use), as is the one on record (same). data.family_declaration_required: the e-mail is another client's, so the request needs the family declaration (spouse, dependent child, dependent parent). A resend within the countdown is 429.",
        tags: [TAG.client],
        body: contactOtpRequestSchema,
        response: { ...withInput(contactOtpReplySchema), ...alsoFails(409) },
      },
      config: otpLimit,
      preHandler: client,
    },
    async (req) =>
      sendContactOtps(deps, req.client!.subjectId, req.body, requestLanguage(req.headers['accept-language']) ?? 'en'),
  );

  app.post(
    '/requests/contact',
    {
      schema: {
        operationId: 'request-contact-change',
        summary: 'Start a change of mobile or e-mail once both OTPs are right',
        description:
          'otp_old is the code sent to the contact on record, otp_new the one sent to the new contact; a wrong one is status false with data.reason otp_old or otp_new. An e-mail another client gives needs family_relation and family_holder_name (data.reason family_declaration_required). The draft is signed with Aadhaar eSign, four-eyed, and sent to the KRA, the depository and each exchange; once done, the client area signs in with the new mobile. 409 while another contact request is under way.',
        tags: [TAG.client],
        body: contactChangeRequestSchema,
        response: { ...withInput(contactChangeReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestContactChange(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );
};
