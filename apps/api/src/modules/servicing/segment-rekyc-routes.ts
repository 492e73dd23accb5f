/**
 * The client's segment and re-KYC requests, the KYC status, and the UPI reverse penny drop of a bank
 * request, under /api/v1/client: registered by the client area's plugin, with its client session
 * guard. Thin: parse, one use-case, map.
 */
import { bankUpiStartReplySchema, bankUpiStatusReplySchema } from '@ekyc/contracts/calls/client-bank';
import {
  clientKycReplySchema,
  rekycDigilockerReplySchema,
  rekycDigilockerRequestSchema,
  rekycStartReplySchema,
} from '@ekyc/contracts/calls/client-rekyc';
import {
  segmentIncomeProofReplySchema,
  segmentIncomeProofRequestSchema,
  segmentRequestReplySchema,
  segmentRequestSchema,
} from '@ekyc/contracts/calls/client-segments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TAG } from '../../lib/api-docs.ts';
import { alsoFails, replies, withInput } from '../../lib/replies.ts';
import { bankUpiPaymentStatus, startBankUpiPayment } from './bank-upi-payment.ts';
import { confirmIncomeProofConsent } from './income-proof-consent.ts';
import { getClientKyc, receiveRekycDigilocker, startRekyc } from './request-rekyc.ts';
import { requestSegments } from './request-segments.ts';

const idParams = z.object({ id: z.uuid() });
const paymentParams = z.object({ id: z.string().min(1).max(64) });

export const segmentRekycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = app.requireClient;

  app.post(
    '/requests/segments',
    {
      schema: {
        operationId: 'request-segments',
        summary: 'Start a segment request: derivatives added (risk disclosure, income proof), a segment stopped',
        description:
          "activate and deactivate name segment codes (SEGMENTS of the contracts). A derivatives segment needs the risk disclosure of the rules in force acknowledged (risk_disclosure.version) and an income proof: method upload with a PDF (base64, the segment step's proof types and rules; a protected PDF answers data.reason pdf_password_required), or method account_aggregator, which answers data.redirect_url, the AA's consent page, whose return is posted to requests/{id}/income-proof. Currency derivatives need rbi_declaration (the RBI declaration's version). A segment already active (or not active, to stop) is status false with data.reason and data.segment. The draft is signed with Aadhaar eSign (requests/{id}/esign), four-eyed, and each exchange's UCC is sent the client's segments (NSE and BSE segment flags, MCX's commodity segment; a stopped segment with client status I). 409 while another segment request is under way.",
        tags: [TAG.client],
        body: segmentRequestSchema(),
        response: { ...withInput(segmentRequestReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestSegments(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );

  app.post(
    '/requests/:id/income-proof',
    {
      schema: {
        operationId: 'confirm-segment-income-proof',
        summary: "Post the account aggregator's return for a segment request's income proof",
        description:
          "The AA's return parameters (fi, resdate, ecres) are trusted only when they name this request's consent and the AA reports it ACTIVE; otherwise status false with data.reason consent_failed (upload a PDF instead with a new request). 409 when the request asks no consent or is signed already.",
        tags: [TAG.client],
        params: idParams,
        body: segmentIncomeProofRequestSchema,
        response: { ...withInput(segmentIncomeProofReplySchema), ...alsoFails(404, 409) },
      },
      preHandler: client,
    },
    async (req) =>
      confirmIncomeProofConsent(deps, req.client!.subjectId, req.client!.sessionId, req.params.id, req.body),
  );

  app.get(
    '/kyc',
    {
      schema: {
        operationId: 'get-client-kyc',
        summary: "The client's KYC status at the KRA today, and what to do about it",
        description:
          'Asks the KRA as the PAN step does. action rekyc: the status (on hold, rejected, deactivated, an existing KYC on hold or rejected) needs a re-KYC, started with requests/rekyc; in_progress: a re-KYC request is under way; submitted: the KRA was sent the modification; unknown: the KRA could not be reached.',
        tags: [TAG.client],
        response: replies(clientKycReplySchema),
      },
      preHandler: client,
    },
    async (req) => getClientKyc(deps, req.client!.subjectId, req.client!.sessionId),
  );

  app.post(
    '/requests/rekyc',
    {
      schema: {
        operationId: 'request-rekyc',
        summary: "Start a re-KYC: a draft and DigiLocker's consent page (data.url)",
        description:
          "Only when the KRA's status needs it (else status false, data.reason not_needed). DigiLocker returns to the registered redirect with code and state, which are posted to requests/{id}/digilocker. The draft is then signed with Aadhaar eSign, four-eyed, and the KRA is sent a modification record (APP_UPDTFLG 02) with the fresh address. 409 while another re-KYC request is under way; 503 when the KRA cannot be reached.",
        tags: [TAG.client],
        response: { ...replies(rekycStartReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => startRekyc(deps, req.client!.subjectId, req.client!.sessionId),
  );

  app.post(
    '/requests/:id/digilocker',
    {
      schema: {
        operationId: 'receive-rekyc-digilocker',
        summary: "Post DigiLocker's return for a re-KYC: the e-Aadhaar's details join the draft",
        description:
          "The state must be the client's live DigiLocker request (one use). A declined or failed return is status false with data.reason digilocker_failed; a name in DigiLocker that does not match the name on PAN, name_mismatch.",
        tags: [TAG.client],
        params: idParams,
        body: rekycDigilockerRequestSchema,
        response: { ...withInput(rekycDigilockerReplySchema), ...alsoFails(404, 409) },
      },
      preHandler: client,
    },
    async (req) => receiveRekycDigilocker(deps, req.client!.subjectId, req.client!.sessionId, req.params.id, req.body),
  );

  app.post(
    '/requests/bank/upi',
    {
      schema: {
        operationId: 'start-bank-upi-payment',
        summary: 'Start a UPI reverse penny drop for a bank request: the client pays Rs 1 (refunded) from a UPI app',
        description:
          "data.upi_link opens the UPI app on a phone; data.qr_svg is the QR for a desktop. The provider's notification names the paying account; requests/bank/upi/{id} answers it, and a bank request names it as { upi_payment: id, account_type }. 503 when UPI is not offered or the provider cannot be reached.",
        tags: [TAG.client],
        response: replies(bankUpiStartReplySchema),
      },
      preHandler: client,
    },
    async (req) => startBankUpiPayment(deps, req.client!.subjectId),
  );

  app.get(
    '/requests/bank/upi/:id',
    {
      schema: {
        operationId: 'get-bank-upi-payment',
        summary: 'A UPI reverse penny drop of the client: waiting, verified (the account masked) or failed',
        tags: [TAG.client],
        params: paymentParams,
        response: { ...withInput(bankUpiStatusReplySchema), ...alsoFails(404) },
      },
      preHandler: client,
    },
    async (req) => bankUpiPaymentStatus(deps, req.client!.subjectId, req.params.id),
  );
};
