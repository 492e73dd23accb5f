/**
 * The client area's calls under /api/v1/client (a client session of its own kind) and the back
 * office's Requests queue under /api/v1/backoffice/service-requests. Thin: parse, one use-case, map.
 */
import {
  backofficeServiceRequestReplySchema,
  backofficeServiceRequestsReplySchema,
  CLIENT_AREA_PATH,
  clientLogoutReplySchema,
  clientSendOtpReplySchema,
  clientSendOtpRequestSchema,
  clientVerifyOtpReplySchema,
  clientVerifyOtpRequestSchema,
  freezeRequestSchema,
  myAccountReplySchema,
  nominationRequestDocSchema,
  rejectServiceRequestSchema,
  serviceEsignReplySchema,
  serviceRequestReplySchema,
  unfreezeReplySchema,
  unfreezeRequestSchema,
  clientSendOtpDataSchema,
} from '@ekyc/contracts/calls/client-area';
import { replySchema } from '@ekyc/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth/staff-guard.ts';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';
import { esignResponseBody, esignWindow, notSigned, type WindowResult } from '../../lib/esign-window.ts';
import { requestLanguage } from '../../lib/language.ts';
import { ok } from '../../lib/outcome.ts';
import { alsoFails, fileReply, replies, withInput } from '../../lib/replies.ts';
import { resumeRequests, stopCarryingOut } from './carry-out-request.ts';
import { freezeOnlineAccess, sendUnfreezeOtp, unfreezeOnlineAccess } from './freeze-online-access.ts';
import { getMyAccount } from './get-my-account.ts';
import { requestNomination } from './request-nomination.ts';
import { clientRequestRoutes } from './request-routes.ts';
import { segmentRekycRoutes } from './segment-rekyc-routes.ts';
import { welcomeKitRoutes } from './welcome-kit-routes.ts';
import {
  acceptServiceRequest,
  confirmServiceRequest,
  getServiceRequest,
  listServiceRequests,
  rejectServiceRequest,
} from './review-request.ts';
import { completeRequestSigning, getClientRequest, startRequestSigning } from './sign-request.ts';
import { sendClientOtp, verifyClientOtp } from './sign-in-client.ts';

export const CLIENT_PREFIX = '/api/v1/client';

const idParams = z.object({ id: z.uuid() });

export const clientAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const client = app.requireClient;
  const page = esignWindow(deps.config.webDist, 'account');
  const otpLimit = {
    rateLimit: {
      groupId: 'otp',
      max: deps.config.rateLimit.otpPerMinute,
      timeWindow: '1 minute',
      whenRedisDown: deps.config.redisDown.otpRateLimit,
    },
  };
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  app.addHook('onReady', async () => {
    // requests a stopped process left with the registries are carried on
    await resumeRequests(deps).catch(() => undefined);
  });
  app.addHook('onClose', async () => stopCarryingOut());
  await app.register(clientRequestRoutes);
  await app.register(segmentRekycRoutes);
  await app.register(welcomeKitRoutes);

  app.post(
    '/send-otp',
    {
      schema: {
        operationId: 'client-send-otp',
        summary: "Send the client area's sign-in OTP to a registered mobile",
        description:
          'The reply is the same whether or not the number has an account; a resend within the countdown is 429.',
        tags: [TAG.client],
        security: PUBLIC,
        body: clientSendOtpRequestSchema,
        response: withInput(clientSendOtpReplySchema),
      },
      config: otpLimit,
    },
    async (req) => sendClientOtp(deps, req.body.mobile, requestLanguage(req.headers['accept-language']) ?? 'en'),
  );

  app.post(
    '/verify-otp',
    {
      schema: {
        operationId: 'client-verify-otp',
        summary: "Check the sign-in OTP: data.token is the client's token (an open account only)",
        description:
          'A wrong or expired code, a mobile without an open account, or an account holder recorded as deceased, is status false with data.reason.',
        tags: [TAG.client],
        security: PUBLIC,
        body: clientVerifyOtpRequestSchema,
        response: withInput(clientVerifyOtpReplySchema),
      },
      config: otpLimit,
    },
    async (req) => verifyClientOtp(deps, req.body.mobile, req.body.otp),
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'client-logout',
        summary: 'Sign the client out: the token stops working',
        tags: [TAG.client],
        response: replies(clientLogoutReplySchema),
      },
      preHandler: client,
    },
    async (req) => {
      await deps.sessions.revoke(req.client!.sessionId);
      return ok('signedOut', { screen: CLIENT_AREA_PATH });
    },
  );

  app.get(
    '/my-account',
    {
      schema: {
        operationId: 'get-my-account',
        summary: "The client's account: codes, segments, nominees, bank, DDPI, contacts, documents and requests",
        tags: [TAG.client],
        response: replies(myAccountReplySchema),
      },
      preHandler: client,
    },
    async (req) => getMyAccount(deps, req.client!.subjectId, req.client!.sessionId),
  );

  app.get(
    '/requests/:id',
    {
      schema: {
        operationId: 'get-client-request',
        summary: 'One of the client’s requests, as it stands',
        tags: [TAG.client],
        params: idParams,
        response: withInput(serviceRequestReplySchema),
      },
      preHandler: client,
    },
    async (req) => getClientRequest(deps, req.client!.subjectId, req.client!.sessionId, req.params.id),
  );

  app.post(
    '/requests/freeze',
    {
      schema: {
        operationId: 'freeze-online-access',
        summary: 'Freeze online access to the trading account at once (pending orders cancelled)',
        description:
          'SEBI/HO/MIRSD/POD-1/P/CIR/2024/4: carried out in this call, confirmed by SMS and e-mail and audited. 409 when frozen already.',
        tags: [TAG.client],
        body: freezeRequestSchema,
        response: { ...withInput(serviceRequestReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => freezeOnlineAccess(deps, req.client!.subjectId, req.client!.sessionId, req.body.reason),
  );

  app.post(
    '/requests/unfreeze/otp',
    {
      schema: {
        operationId: 'send-unfreeze-otp',
        summary: 'Send the OTP that verifies the client again before an unfreeze',
        tags: [TAG.client],
        response: { ...replies(replySchema(clientSendOtpDataSchema)), ...alsoFails(409) },
      },
      config: otpLimit,
      preHandler: client,
    },
    async (req) =>
      sendUnfreezeOtp(deps, req.client!.subjectId, requestLanguage(req.headers['accept-language']) ?? 'en'),
  );

  app.post(
    '/requests/unfreeze',
    {
      schema: {
        operationId: 'unfreeze-online-access',
        summary: 'Restore online access once the OTP to the registered mobile is right',
        tags: [TAG.client],
        body: unfreezeRequestSchema,
        response: { ...withInput(unfreezeReplySchema), ...alsoFails(409) },
      },
      config: otpLimit,
      preHandler: client,
    },
    async (req) => unfreezeOnlineAccess(deps, req.client!.subjectId, req.client!.sessionId, req.body.otp),
  );

  app.post(
    '/requests/nomination',
    {
      schema: {
        operationId: 'request-nomination',
        summary: 'Start a nomination request (nominees or an opt-out) under the rules in force today',
        description:
          'Checked with the nomination rules of the day (my-account data.nomination_rule): from 1 Sep 2026 at most three nominees, name and relationship mandatory. The request is a draft until signed with Aadhaar eSign (requests/{id}/esign). 409 while another nomination request is under way.',
        tags: [TAG.client],
        body: nominationRequestDocSchema,
        response: { ...withInput(serviceRequestReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) => requestNomination(deps, req.client!.subjectId, req.client!.sessionId, req.body),
  );

  app.post(
    '/requests/:id/esign',
    {
      schema: {
        operationId: 'sign-client-request',
        summary: 'Open the Aadhaar eSign of a draft request: data.api_response is the popup’s form',
        tags: [TAG.client],
        params: idParams,
        response: { ...withInput(serviceEsignReplySchema), ...alsoFails(409) },
      },
      preHandler: client,
    },
    async (req) =>
      startRequestSigning(
        deps,
        req.client!.subjectId,
        req.params.id,
        requestLanguage(req.headers['accept-language']) ?? 'en',
      ),
  );

  app.post(
    '/esign-response',
    {
      schema: {
        operationId: 'client-esign-response',
        summary: "Receive the e-sign service's signed response for a client's request",
        description:
          'Posted by the e-sign window, urlencoded: the signed <EsignResp> in eSignResponse or msg. Its XML signature is the credential; the answer is a page for the window, 400 when the response is not valid.',
        tags: [TAG.callbacks],
        security: PUBLIC,
        consumes: ['application/x-www-form-urlencoded'],
        body: esignResponseBody,
        response: {
          200: fileReply('The result page of the e-sign window', 'text/html'),
          400: fileReply('The page saying the response was not valid', 'text/html'),
        },
      },
    },
    async (req, reply) => {
      const done = await completeRequestSigning(deps, (req.body.eSignResponse ?? req.body.msg)!);
      const result: WindowResult =
        done.kind === 'signed' ? { title: 'requestSigned', text: 'requestSignedText' } : notSigned(done);
      return reply
        .status(done.kind === 'invalid' ? 400 : 200)
        .type('text/html')
        .send(page(result, done.language, req.headers['accept-language']));
    },
  );
};

export const serviceRequestBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const reviewer = requireRole(app, 'reviewer');

  app.get(
    '/service-requests',
    {
      schema: {
        operationId: 'list-service-requests',
        summary: "The Requests queue: clients' signed requests in review or with the registries (or closed ones)",
        tags: [TAG.backOffice],
        querystring: z.object({ which: z.enum(['open', 'closed']).optional().default('open') }),
        response: withInput(backofficeServiceRequestsReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => listServiceRequests(deps, req.query.which),
  );

  app.get(
    '/service-requests/:id',
    {
      schema: {
        operationId: 'get-service-request',
        summary: 'One request with its registries’ modification records',
        tags: [TAG.backOffice],
        params: idParams,
        response: withInput(backofficeServiceRequestReplySchema),
      },
      preHandler: reviewer,
    },
    async (req) => getServiceRequest(deps, req.params.id),
  );

  app.post(
    '/service-requests/:id/accept',
    {
      schema: {
        operationId: 'accept-service-request',
        summary: 'The maker accepts a signed request; a different checker confirms it',
        tags: [TAG.backOffice],
        params: idParams,
        response: { ...withInput(backofficeServiceRequestReplySchema), ...alsoFails(409) },
      },
      preHandler: reviewer,
    },
    async (req) => acceptServiceRequest(deps, req.params.id, req.staffMember!),
  );

  app.post(
    '/service-requests/:id/confirm',
    {
      schema: {
        operationId: 'confirm-service-request',
        summary: 'The checker confirms an accepted request: its modification records go to the registries',
        description: 'Four eyes: a checker or an administrator, never the staff member who accepted it (403).',
        tags: [TAG.backOffice],
        params: idParams,
        response: { ...withInput(backofficeServiceRequestReplySchema), ...alsoFails(403, 409) },
      },
      preHandler: reviewer,
    },
    async (req) => confirmServiceRequest(deps, req.params.id, req.staffMember!),
  );

  app.post(
    '/service-requests/:id/reject',
    {
      schema: {
        operationId: 'reject-service-request',
        summary: 'Reject a request in review with a coded reason (the client is told)',
        tags: [TAG.backOffice],
        params: idParams,
        body: rejectServiceRequestSchema,
        response: { ...withInput(backofficeServiceRequestReplySchema), ...alsoFails(409) },
      },
      preHandler: reviewer,
    },
    async (req) => rejectServiceRequest(deps, req.params.id, req.staffMember!, req.body),
  );
};
