/**
 * The sandbox's check of the random action (ours: HyperVerge's API has none): the frames taken
 * while the applicant performed it, judged with the sandbox face model. A head turn is judged from
 * the face mesh of every frame; a code read aloud needs the sound, which the sandbox does not
 * judge: it answers not_checkable and the selfie goes to a reviewer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FaceChecker } from './face-check.ts';
import { judgeTurn } from './turn.ts';

const MAX_FRAMES = 8;

export interface ActionCheckContext {
  checker: FaceChecker;
  /** Whether the face model can run (or is switched off by SANDBOX_SKIP_HEAVY_CHECKS). */
  faceModel: boolean;
  skipHeavyChecks: boolean;
  authorised(req: FastifyRequest): boolean;
  knownTransaction(id: string): Promise<boolean>;
  /** A JPEG of sane size, or null. */
  jpeg(bytes: Buffer | undefined): Promise<Buffer | null>;
  modelMissing: string;
}

const querySchema = z.object({
  kind: z.enum(['turn_head', 'read_code']),
  direction: z.enum(['left', 'right']).optional(),
});

export function sandboxActionCheckRoute(app: FastifyInstance, ctx: ActionCheckContext) {
  const failure = (statusCode: number, error: string) => ({ status: 'failure', statusCode, error });
  const answer = (value: string, reason: string, faces?: number) => ({
    status: 'success',
    statusCode: 200,
    result: { action: { value, reason, ...(faces !== undefined && { faces }) } },
  });

  app.post('/sandbox/liveness/v1/checkAction', async (req, reply) => {
    if (!ctx.authorised(req)) return reply.status(401).send(failure(401, 'Invalid appId or appKey'));
    if (!(await ctx.knownTransaction(String(req.headers.transactionid ?? ''))))
      return reply.status(400).send(failure(400, 'transactionId header must name a transaction'));
    const query = querySchema.safeParse(req.query);
    if (!query.success || (query.data.kind === 'turn_head' && !query.data.direction))
      return reply.status(400).send(failure(400, 'kind (and direction for a head turn) must be given'));
    const parts = (req.body as Record<string, Buffer> | undefined) ?? {};
    const names = Object.keys(parts)
      .filter((n) => /^frame\d+$/.test(n))
      .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
    if (names.length < 2 || names.length > MAX_FRAMES)
      return reply.status(400).send(failure(400, `Between 2 and ${MAX_FRAMES} frames must be sent`));
    const frames = await Promise.all(names.map((n) => ctx.jpeg(parts[n])));
    if (frames.some((f) => !f)) return reply.status(400).send(failure(400, 'Every frame must be a JPEG image'));
    if (query.data.kind === 'read_code') return answer('not_checkable', 'code_read_needs_sound');
    if (!ctx.faceModel) return reply.status(503).send(failure(503, ctx.modelMissing));
    if (ctx.skipHeavyChecks) return answer('verified', 'face_model_skipped', frames.length);
    const offsets: (number | null)[] = [];
    // one at a time: the worker serves one request at a time anyway
    for (const frame of frames) {
      const found = await ctx.checker.check(frame!);
      offsets.push(found.faces === 1 && found.noseOffset !== undefined ? found.noseOffset : null);
    }
    const verdict = judgeTurn(offsets, query.data.direction!);
    return answer(verdict.result, verdict.reason, offsets.filter((o) => o !== null).length);
  });
}
