/**
 * The DDPI signed on its own at opening: GET ddpi, POST ddpi/esign (its own Aadhaar eSign
 * transaction, after the form's) and the ESP's answer at ddpi/esign-response. Registered inside
 * esignRoutes, whose body parsers read the ESP's form post.
 */
import { ddpiReplySchema } from '@ekyc/contracts/calls/ddpi';
import { esignConsentReplySchema } from '@ekyc/contracts/calls/esign-consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';
import { alsoFails, fileReply, replies, withInput } from '../../lib/replies.ts';
import { completeDdpiSigning, getDdpi, startDdpiSigning } from './ddpi-esign.ts';
import { esignResponseBody, esignWindow, notSigned, type WindowResult } from '../../lib/esign-window.ts';

export const ddpiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const page = esignWindow(deps.config.webDist, 'application');

  app.get(
    '/ddpi',
    {
      schema: {
        operationId: 'get-ddpi',
        summary: 'The DDPI: whether it was chosen, its purposes, and whether its own document is signed',
        tags: [TAG.applicant],
        response: replies(ddpiReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => getDdpi(deps, req.applicant!.subjectId, req.applicant!.sessionId),
  );

  app.post(
    '/ddpi/esign',
    {
      schema: {
        operationId: 'start-ddpi-esign',
        summary: 'Start the Aadhaar OTP e-sign of the DDPI document, a transaction of its own after the form',
        description:
          'The DDPI document lists its purposes and is signed apart from the account-opening form; only once it is signed does the depository registration carry the DDPI. 409 when DDPI was not chosen, the form is not signed yet, or the DDPI is signed already.',
        tags: [TAG.applicant],
        response: { ...withInput(esignConsentReplySchema), ...alsoFails(409) },
      },
      preHandler: app.requireApplicant,
    },
    async (req) => startDdpiSigning(deps, req.applicant!.subjectId),
  );

  app.post(
    '/ddpi/esign-response',
    {
      schema: {
        operationId: 'ddpi-esign-response',
        summary: "Receive the e-sign service's signed response for a DDPI (posted by the applicant's browser)",
        description:
          "As esign-response, for the DDPI's own transaction: the signed <EsignResp> in eSignResponse or msg; a page for the e-sign window, 400 when the response is not valid.",
        tags: [TAG.callbacks],
        security: PUBLIC,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        body: esignResponseBody,
        response: {
          200: fileReply('The result page of the e-sign window', 'text/html'),
          400: fileReply('The page saying the response was not valid', 'text/html'),
        },
      },
    },
    async (req, reply) => {
      const completion = await completeDdpiSigning(deps, (req.body.eSignResponse ?? req.body.msg)!);
      const result: WindowResult =
        completion.kind === 'signed' ? { title: 'ddpiSigned', text: 'esignSigned' } : notSigned(completion);
      return reply
        .status(completion.kind === 'invalid' ? 400 : 200)
        .type('text/html')
        .send(page(result, completion.language, req.headers['accept-language']));
    },
  );
};
