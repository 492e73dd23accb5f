/**
 * The sandbox HyperVerge: the same wire format as the real service (PROVIDERS.md) at
 * /sandbox/liveness/..., a hosted-module page with a button for every outcome of the spec
 * (approve first, the default), and a real face check of the selfie: exactly one face, found by
 * @vladmandic/human, compared with the Aadhaar photo when asked.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSharp } from '../../lib/sharp.ts';
import { z } from 'zod';
import { LIVENESS_OUTCOMES } from '@ekyc/contracts/calls/upload-liveliness';
import { SANDBOX_BODY_ENCODING } from '../../providers/liveness/create.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sandboxPage } from '../page.ts';
import { SandboxState } from '../state.ts';
import { FACE_MODEL_MISSING, FaceChecker } from './face-check.ts';
import { sandboxActionCheckRoute } from './action-check.ts';

const APP_ID = 'sandbox-app';
const APP_KEY = 'sandbox-key';
/** Similarity from which two faces count as the same person (Human's faceres descriptors). */
const MATCH_THRESHOLD = 0.5;
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** A transaction's results stay readable this long after its token expires. */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

interface SandboxTransaction {
  token: string;
  createdAt: number;
  expiresAt: number;
  outcome: SandboxOutcome | null;
}

/**
 * The spec's six module outcomes (section 4): the five the module names, and 'other', any status
 * the app does not know ('Unkown status'); the sandbox answers it as the status 'other'.
 */
const SANDBOX_OUTCOMES = [...LIVENESS_OUTCOMES, 'other'] as const;
type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

const OUTCOME_LABELS: Record<SandboxOutcome, string> = {
  auto_approved: 'Complete the check (auto_approved)',
  auto_declined: 'Decline (auto_declined)',
  needs_review: 'Send to manual review (needs_review)',
  user_cancelled: 'Cancel (user_cancelled)',
  error: 'Fail with an error (error)',
  other: 'Answer a status the app does not know (other)',
};
const ERRORS: Partial<Record<SandboxOutcome, { errorCode: number; errorMessage: string }>> = {
  user_cancelled: { errorCode: 103, errorMessage: 'User cancelled the process' },
  error: { errorCode: 500, errorMessage: 'Liveness module failed to capture the face' },
};

let sharedChecker: FaceChecker | null = null;
/** One warm face model per process, shared by every app built in it. */
export const faceChecker = () => (sharedChecker ??= new FaceChecker());

const CLOSE_JS = `document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('close');if(b)b.addEventListener('click',function(){window.close()});setTimeout(function(){window.close()},1500)});`;

export async function sandboxLivenessRoutes(app: FastifyInstance) {
  // in the database: the module page, its outcome and the results may reach different processes
  const transactions = new SandboxState<SandboxTransaction>(app.deps, 'liveness', KEEP_AFTER_EXPIRY_MS);
  const { config } = app.deps;
  const checker = faceChecker();
  // The models load when a liveness session starts, seconds before its selfie arrives, not at
  // start-up: an idle server does not hold them (some 70 MB).
  const faceModel = config.sandboxSkipHeavyChecks || checker.installed;
  if (!faceModel) app.log.warn(FACE_MODEL_MISSING);
  const warmFaceModels = () => {
    if (!config.sandboxSkipHeavyChecks && config.env !== 'test') void checker.warm().catch(() => undefined);
  };

  // multipart bodies (image parts); a base64-wrapped body comes from the in-process transport
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.headers[SANDBOX_BODY_ENCODING] !== 'base64') return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
    const decoded = Buffer.from(Buffer.concat(chunks).toString('latin1'), 'base64');
    req.headers['content-length'] = String(decoded.length);
    return Readable.from([decoded]);
  });
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 3 * MAX_IMAGE_BYTES },
    async (req: FastifyRequest, body: Buffer) => {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      const parts: Record<string, Buffer> = {};
      for (const [name, value] of form.entries())
        if (typeof value !== 'string') parts[name] = Buffer.from(await value.arrayBuffer());
      return parts;
    },
  );

  const authorised = (req: FastifyRequest) => req.headers.appid === APP_ID && req.headers.appkey === APP_KEY;
  const failure = (statusCode: number, error: string) => ({ status: 'failure', statusCode, error });

  /** A JPEG of sane size, or null. */
  const jpeg = async (bytes: Buffer | undefined): Promise<Buffer | null> => {
    if (!bytes || bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) return null;
    const sharp = await loadSharp();
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    return meta?.format === 'jpeg' && (meta.width ?? 0) >= 64 && (meta.height ?? 0) >= 64 ? bytes : null;
  };

  app.post('/sandbox/liveness/v2/auth/token', async (req, reply) => {
    const body = z
      .object({
        appId: z.string(),
        appKey: z.string(),
        transactionId: z.string().min(8).max(64),
        workflowId: z.string(),
        expiry: z.number().int().min(60).max(86400),
      })
      .safeParse(req.body);
    if (!body.success) return reply.status(400).send(failure(400, 'Invalid request'));
    if (body.data.appId !== APP_ID || body.data.appKey !== APP_KEY)
      return reply.status(401).send(failure(401, 'Invalid appId or appKey'));
    warmFaceModels();
    const token = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + body.data.expiry * 1000;
    await transactions.put(
      body.data.transactionId,
      { token, createdAt: Date.now(), expiresAt, outcome: null },
      body.data.expiry * 1000 + KEEP_AFTER_EXPIRY_MS,
    );
    return { status: 'success', statusCode: 200, result: { authToken: `Bearer ${token}` } };
  });

  app.get('/sandbox/liveness/module.js', async (_req, reply) => reply.type('text/javascript').send(CLOSE_JS));

  app.get<{ Querystring: { token?: string; transactionId?: string } }>(
    '/sandbox/liveness/module',
    async (req, reply) => {
      const txn = (await transactions.get(req.query.transactionId ?? ''))?.value;
      reply.type('text/html');
      if (!txn || txn.token !== req.query.token || txn.expiresAt < Date.now())
        return reply
          .status(401)
          .send(
            sandboxPage('Liveness check', '<p class="error">This liveness session is not valid or has expired.</p>'),
          );
      if (txn.outcome)
        return sandboxPage('Liveness check', `<p>This check has finished: ${escapeHtml(txn.outcome)}.</p>`);
      const buttons = SANDBOX_OUTCOMES.map(
        (o, i) =>
          `<button type="submit" name="outcome" value="${o}"${i === 0 ? ' autofocus' : ' class="secondary"'}>${escapeHtml(OUTCOME_LABELS[o])}</button>`,
      ).join('<br>');
      return sandboxPage(
        'Liveness check',
        `<div class="card"><p>The hosted liveness module would now look at your face through the camera.
In the sandbox, choose its outcome. Completing the check is the default.</p>
<form method="post" action="/sandbox/liveness/module">
<input type="hidden" name="token" value="${escapeHtml(txn.token)}">
<input type="hidden" name="transactionId" value="${escapeHtml(req.query.transactionId ?? '')}">
${buttons}</form></div>`,
      );
    },
  );

  app.post('/sandbox/liveness/module', async (req, reply) => {
    const body = z
      .object({ token: z.string(), transactionId: z.string(), outcome: z.enum(SANDBOX_OUTCOMES) })
      .safeParse(req.body);
    const stored = body.success ? await transactions.get(body.data.transactionId) : null;
    const txn = stored?.value;
    reply.type('text/html');
    if (!body.success || !stored || !txn || txn.token !== body.data.token || txn.expiresAt < Date.now())
      return reply
        .status(400)
        .send(sandboxPage('Liveness check', '<p class="error">This liveness session is not valid.</p>'));
    // the first outcome stands: a second press (here or through another process) changes nothing
    let outcome = txn.outcome;
    if (!outcome) {
      const chosen = body.data.outcome;
      outcome = (await transactions.replace(body.data.transactionId, stored, { ...txn, outcome: chosen }))
        ? chosen
        : ((await transactions.get(body.data.transactionId))?.value.outcome ?? chosen);
    }
    return sandboxPage(
      'Liveness check',
      `<div class="card"><p>Done: ${escapeHtml(outcome)}. Return to the application; this window closes by itself.</p>
<button id="close" type="button">Close this window</button></div>`,
      { scripts: ['/sandbox/liveness/module.js'] },
    );
  });

  app.post('/sandbox/liveness/v1/link-kyc/results', async (req, reply) => {
    if (!authorised(req)) return reply.status(401).send(failure(401, 'Invalid appId or appKey'));
    const id = z.object({ transactionId: z.string() }).safeParse(req.body);
    const txn = id.success ? (await transactions.get(id.data.transactionId))?.value : undefined;
    if (!txn) return reply.status(404).send(failure(404, 'Transaction not found'));
    return {
      status: 'success',
      statusCode: 200,
      result: { applicationStatus: txn.outcome ?? 'started', ...(txn.outcome && ERRORS[txn.outcome]) },
    };
  });

  app.post('/sandbox/liveness/v1/checkLiveness', async (req, reply) => {
    if (!authorised(req)) return reply.status(401).send(failure(401, 'Invalid appId or appKey'));
    if (!(await transactions.get(String(req.headers.transactionid ?? ''))))
      return reply.status(400).send(failure(400, 'transactionId header must name a transaction'));
    const image = await jpeg((req.body as Record<string, Buffer> | undefined)?.image);
    if (!image) return reply.status(400).send(failure(400, 'Image must be a JPEG of at least 64 by 64 pixels'));
    if (!faceModel) return reply.status(503).send(failure(503, FACE_MODEL_MISSING));
    // a benchmark may switch off the face model; the picture is still checked to be a JPEG
    const found = config.sandboxSkipHeavyChecks ? { faces: 1, live: 0.99 } : await checker.check(image);
    if (found.faces === 0) return reply.status(422).send(failure(422, 'Face not detected'));
    const yesNo = (v: boolean) => ({ value: v ? 'yes' : 'no' });
    const live = found.live ?? 0;
    return {
      status: 'success',
      statusCode: 200,
      result: {
        details: {
          liveFace: {
            value: found.faces === 1 && live >= 0.5 ? 'yes' : 'no',
            confidence: live >= 0.8 ? 'high' : 'low',
          },
          qualityChecks: { multipleFaces: yesNo(found.faces > 1) },
        },
      },
    };
  });

  app.post('/sandbox/liveness/v1/matchFace', async (req, reply) => {
    if (!authorised(req)) return reply.status(401).send(failure(401, 'Invalid appId or appKey'));
    if (!(await transactions.get(String(req.headers.transactionid ?? ''))))
      return reply.status(400).send(failure(400, 'transactionId header must name a transaction'));
    const parts = req.body as Record<string, Buffer> | undefined;
    const [selfie, id] = await Promise.all([jpeg(parts?.selfie), jpeg(parts?.id)]);
    if (!selfie || !id) return reply.status(400).send(failure(400, 'selfie and id must be JPEG images'));
    if (!faceModel) return reply.status(503).send(failure(503, FACE_MODEL_MISSING));
    const found = config.sandboxSkipHeavyChecks ? { faces: 1, similarity: 1 } : await checker.check(selfie, id);
    if (found.faces === 0) return reply.status(422).send(failure(422, 'Face not detected'));
    const similarity = found.similarity ?? 0;
    return {
      status: 'success',
      statusCode: 200,
      result: {
        details: {
          match: {
            value: similarity >= MATCH_THRESHOLD ? 'yes' : 'no',
            confidence: Math.abs(similarity - MATCH_THRESHOLD) >= 0.1 ? 'high' : 'low',
            score: similarity,
          },
        },
      },
    };
  });

  sandboxActionCheckRoute(app, {
    checker,
    faceModel,
    skipHeavyChecks: config.sandboxSkipHeavyChecks,
    authorised,
    knownTransaction: async (id) => Boolean(await transactions.get(id)),
    jpeg,
    modelMissing: FACE_MODEL_MISSING,
  });
}
