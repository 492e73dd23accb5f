/** E-sign: esign-initate, esign-consent (section 7) and the e-sign service's response URL. */
import { esignConsentQuerySchema, esignConsentReplySchema } from '@ekyc/contracts/calls/esign-consent';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLOSE_JS, esignResponseBody, esignWindow } from '../../lib/esign-window.ts';
import { completeEsign, windowResult } from './complete-esign.ts';
import { ddpiRoutes } from './ddpi-routes.ts';
import { initiateEsign } from './initiate-esign.ts';
import { startEsignConsent } from './start-esign-consent.ts';
import { requestLanguage } from '../../lib/language.ts';
import { alsoFails, fileReply, replies, withInput } from '../../lib/replies.ts';
import { esignInitateReplySchema } from '@ekyc/contracts/calls/esign-initate';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';

export const esignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const page = esignWindow(deps.config.webDist, 'application');
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  // ESPs post the answer urlencoded (C-DAC, eMudhra) or as multipart/form-data (Protean): text fields only
  if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    async (req: FastifyRequest, body: Buffer) => {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      const fields: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
      return fields;
    },
  );

  app.get(
    '/esign-initate',
    {
      schema: {
        operationId: 'esign-initate',
        summary: "Prepare the account-opening form for signing and show it (the spec's spelling of initiate)",
        tags: [TAG.applicant],
        response: replies(esignInitateReplySchema),
      },
      preHandler: app.requireApplicant,
    },
    async (req) => initiateEsign(deps, req.applicant!.subjectId, req.applicant!.sessionId),
  );
  app.get(
    '/esign-consent',
    {
      schema: {
        operationId: 'esign-consent',
        summary: 'Start the Aadhaar OTP e-sign of the form shown: the signed request for the e-sign service',
        description: '409 when the form shown (epro_id) is no longer the current one.',
        tags: [TAG.applicant],
        querystring: esignConsentQuerySchema,
        response: { ...withInput(esignConsentReplySchema), ...alsoFails(409) },
      },
      preHandler: app.requireApplicant,
    },
    async (req) =>
      startEsignConsent(
        deps,
        req.applicant!.subjectId,
        req.query.epro_id,
        req.query.documents,
        requestLanguage(req.headers['accept-language']) ?? 'en',
      ),
  );
  app.post(
    '/esign-response',
    {
      schema: {
        operationId: 'esign-response',
        summary: "Receive the e-sign service's signed response (posted by the applicant's browser)",
        description:
          "The e-sign service's form posts it, urlencoded or multipart: the signed <EsignResp> in eSignResponse (C-DAC, eMudhra) or msg (Protean). Its XML signature is the credential; the answer is a page for the e-sign window, 400 when the response is not valid.",
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
      const completion = await completeEsign(deps, (req.body.eSignResponse ?? req.body.msg)!);
      return reply
        .status(completion.kind === 'invalid' ? 400 : 200)
        .type('text/html')
        .send(page(windowResult(completion), completion.language, req.headers['accept-language']));
    },
  );
  await app.register(ddpiRoutes);
  app.get(
    '/esign-response/close.js',
    {
      schema: {
        operationId: 'get-esign-close-script',
        summary: "The e-sign result page's script (closes the window)",
        tags: [TAG.callbacks],
        security: PUBLIC,
        response: { 200: fileReply('The script', 'text/javascript') },
      },
    },
    async (_req, reply) => reply.type('text/javascript').send(CLOSE_JS),
  );
};
