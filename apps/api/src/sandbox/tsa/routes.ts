/**
 * The sandbox time-stamping authority (RFC 3161 over HTTP): POST an application/timestamp-query,
 * get an application/timestamp-reply, signed by the sandbox TSA's own key, whose certificate the
 * sandbox certifying authority issued (GET /sandbox/esign/ca.pem verifies it).
 */
import type { FastifyInstance } from 'fastify';
import { sandboxPki } from '../../documents/signing/sandbox-pki.ts';
import { sandboxTsaKeys } from './tsa-certificate.ts';

export const SANDBOX_TSA_PATH = '/sandbox/tsa/timestamp';

export async function sandboxTsaRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/timestamp-query',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post<{ Body: Buffer }>(SANDBOX_TSA_PATH, async (req, reply) => {
    if (!Buffer.isBuffer(req.body)) return reply.code(415).send();
    const keys = sandboxTsaKeys(sandboxPki(app.deps.config));
    // asn1js and pkijs load with the first request, not at start-up
    const { timeStampReply } = await import('./time-stamp.ts');
    return reply.type('application/timestamp-reply').send(timeStampReply(req.body, keys, new Date(app.deps.now())));
  });
}
