/**
 * The production liveness module page: opened in a window by the selfie step with the token,
 * transaction and workflow in its query, it loads HyperVerge's web SDK (HYPERVERGE_WEB_SDK_URL),
 * launches the workflow and closes when the SDK reports its result. The outcome itself is read
 * server-side from HyperVerge (link-kyc/results), never from this page.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC, TAG } from '../../lib/api-docs.ts';
import { fileReply } from '../../lib/replies.ts';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Runs the SDK: HyperKycConfig(accessToken, workflowId, transactionId), then HyperKYCModule.launch. */
const MODULE_JS = `(function () {
  var q = new URLSearchParams(location.search);
  var status = document.getElementById('status');
  function done(text) {
    status.textContent = text;
    if (window.opener) setTimeout(function () { window.close(); }, 1500);
  }
  try {
    var config = new window.HyperKycConfig(q.get('token'), q.get('workflowId'), q.get('transactionId'));
    window.HyperKYCModule.launch(config, function (result) {
      done(result && result.status === 'user_cancelled'
        ? 'Cancelled. Return to the application to try again.'
        : 'Done. Return to the application; this window closes by itself.');
    });
  } catch (e) {
    done('The liveness check could not start. Return to the application and try again.');
  }
})();`;

export const livenessModuleRoutes: FastifyPluginAsync = async (app) => {
  const sdkUrl = app.deps.liveness.webSdkUrl;
  if (!sdkUrl) return;
  const sdkOrigin = new URL(sdkUrl).origin;
  app.get(
    '/liveness-module.js',
    {
      schema: {
        operationId: 'get-liveness-module-script',
        summary: "The liveness module page's script",
        tags: [TAG.applicant],
        security: PUBLIC,
        response: { 200: fileReply('The script', 'text/javascript') },
      },
    },
    async (_req, reply) => reply.type('text/javascript').send(MODULE_JS),
  );
  app.get(
    '/liveness-module',
    {
      schema: {
        operationId: 'get-liveness-module',
        summary: "The page that runs the liveness provider's web SDK (production), opened by the selfie step",
        tags: [TAG.applicant],
        security: PUBLIC,
        response: { 200: fileReply('The page', 'text/html') },
      },
    },
    async (_req, reply) => {
      // The SDK's script, its calls to HyperVerge and the camera: this page only.
      reply.header(
        'content-security-policy',
        [
          "default-src 'self'",
          `script-src 'self' ${sdkOrigin}`,
          `style-src 'self' 'unsafe-inline' ${sdkOrigin}`,
          `connect-src 'self' ${sdkOrigin} https://*.hyperverge.co`,
          `img-src 'self' data: blob: ${sdkOrigin} https://*.hyperverge.co`,
          "media-src 'self' blob:",
          `font-src 'self' data: ${sdkOrigin}`,
          "worker-src 'self' blob:",
          "frame-ancestors 'self'",
          "object-src 'none'",
          "base-uri 'self'",
        ].join('; '),
      );
      reply.header('permissions-policy', 'camera=(self)');
      reply.header('cache-control', 'no-store');
      return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Liveness check</title>
<script src="${attr(sdkUrl)}"></script><script src="liveness-module.js" defer></script></head>
<body><main><p id="status">Starting the liveness check…</p></main></body></html>`);
    },
  );
};
