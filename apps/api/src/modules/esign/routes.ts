/** E-sign: esign-initate, esign-consent (section 7) and the e-sign service's response URL. */
import { esignConsentQuerySchema, esignConsentReplySchema } from '@ekyc/contracts/calls/esign-consent';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { completeEsign, completionText } from './complete-esign.ts';
import { initiateEsign } from './initiate-esign.ts';
import { startEsignConsent } from './start-esign-consent.ts';
import { alsoFails, fileReply, replies, withInput } from '../../lib/replies.ts';
import { esignInitateReplySchema } from '@ekyc/contracts/calls/esign-initate';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';

const CLOSE_JS =
  "document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('close');" +
  "if(b)b.addEventListener('click',function(){window.close()});setTimeout(function(){window.close()},2000)});";

const resultPage = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><script src="/api/v1/ekyc/esign-response/close.js" defer></script></head>` +
  `<body style="font:16px/1.5 system-ui,sans-serif;margin:24px;color:#1a1a2e"><h1 style="font-size:20px">${escapeHtml(title)}</h1>` +
  `<p>${escapeHtml(text)}</p><p>Return to the application; this window closes by itself.</p>` +
  `<button id="close" type="button" style="font:inherit;padding:8px 16px">Close this window</button></body></html>`;

/** The signed <EsignResp>: in eSignResponse (C-DAC, eMudhra) or msg (Protean). */
const esignResponseBody = z
  .object({
    eSignResponse: z.string().min(1).max(200_000).optional(),
    msg: z.string().min(1).max(200_000).optional(),
    espTxnID: z.string().max(64).optional(),
  })
  .refine((b) => b.eSignResponse !== undefined || b.msg !== undefined, {
    message: 'eSignResponse or msg is required',
    path: ['eSignResponse'],
  });

export const esignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
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
    async (req) => startEsignConsent(deps, req.applicant!.subjectId, req.query.epro_id, req.query.documents),
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
      const title =
        completion.kind === 'signed'
          ? 'Document signed'
          : completion.kind === 'expired'
            ? MSG.timeLimitExceeded
            : MSG.esignError;
      return reply
        .status(completion.kind === 'invalid' ? 400 : 200)
        .type('text/html')
        .send(resultPage(title, completionText(completion)));
    },
  );
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
