/**
 * The sandbox depositories: CDSL's harmonised BO set-up batch and NSDL's Account Opening API, each
 * read by its own parser written from the public sources (cdsl-harmonised.ts,
 * nsdl-account-opening.ts), never from the adapters. Every well-formed request is decided once per
 * request id and kept in the database (a repeated id gets the first answer back); an accepted
 * one gets a BO id: the DP id and a client id derived from the PAN.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readCdslBatch } from './cdsl-harmonised.ts';
import { nsdlProblem, nsdlRequestSchema } from './nsdl-account-opening.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

/** The participants these sandbox depositories know, and the key they take (the sandbox's own registry). */
const SANDBOX_DEPOSITORIES = {
  cdslDpId: '12099900',
  nsdlDpId: 'IN309900',
  apiKey: 'sandbox-registrations-key',
};
const S = SANDBOX_DEPOSITORIES;

const clientIdFrom = (seed: string) =>
  (BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`) % 10n ** 8n).toString().padStart(8, '0');

const cdslBatchSchema = z.object({
  BtchId: z.string().min(1),
  file: z.string(),
  signatures: z.array(z.object({ RcrdNb: z.string(), SgntryId: z.string(), Sgn: z.string(), SgntrSz: z.string() })),
});

export const sandboxDepositoryRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const panHash = (pan: string) => deps.hasher.hash('sandbox-registration-pan', pan);
  const keyOk = (req: FastifyRequest) => req.headers['x-api-key'] === S.apiKey;
  const refuse = (reply: FastifyReply) => reply.code(401).send({ error: 'invalid credentials' });

  // ---- CDSL: harmonised BO file
  const cdslAnswer = (row: SandboxRequestRow) => ({
    BtchId: row.requestId,
    records: [
      {
        RcrdNb: '1',
        TxnSts: row.outcome === 'accepted' ? 'ACCEPTED' : 'REJECTED',
        BOId: row.outcome === 'accepted' ? row.reference : null,
        ErrCd: row.outcome === 'accepted' ? null : 'BOSET-E01',
        ErrDesc: row.message,
      },
    ],
  });
  app.post('/sandbox/registrations/cdsl/bo/harmonised', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const batchId = String(req.headers['x-batch-id'] ?? '');
    const batch = cdslBatchSchema.safeParse(req.body);
    if (!batchId || !batch.success || batch.data.BtchId !== batchId)
      return reply.code(400).send({ error: 'A batch needs BtchId (as x-batch-id), file and signatures' });
    const reading = readCdslBatch(batch.data, S.cdslDpId);
    if (!reading.ok) return reply.code(reading.status).send({ error: reading.error });
    const seen = await repo.find(db, 'cdsl', batchId);
    if (seen) return cdslAnswer(seen);
    const row = await repo.record(db, {
      provider: 'cdsl',
      requestId: batchId,
      panHash: panHash(reading.pan),
      reference: reading.problem ? batchId : `${S.cdslDpId}${clientIdFrom(`cdsl:${reading.pan}`)}`,
      outcome: reading.problem ? 'rejected' : 'accepted',
      message: reading.problem,
    });
    return cdslAnswer(row);
  });
  app.get<{ Params: { id: string } }>('/sandbox/registrations/cdsl/bo/harmonised/:id', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const row = await repo.find(db, 'cdsl', req.params.id);
    if (!row) return reply.code(404).send({ error: 'unknown batch' });
    return cdslAnswer(row);
  });

  // ---- NSDL: account opening API
  const nsdlAnswer = (row: SandboxRequestRow) =>
    row.outcome === 'accepted'
      ? { status: 'ACTIVATED', dpId: row.reference.slice(0, 8), clientId: row.reference.slice(8), reason: null }
      : { status: 'REJECTED', dpId: null, clientId: null, reason: row.message };
  app.post('/sandbox/registrations/nsdl/accountOpening', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const body = nsdlRequestSchema.safeParse(req.body);
    if (!body.success) {
      const issue = body.error.issues[0];
      return reply.code(400).send({ error: `${issue?.path.join('.')}: ${issue?.message}` });
    }
    const seen = await repo.find(db, 'nsdl', body.data.requestId);
    if (seen) return nsdlAnswer(seen);
    const pan = body.data.instr.beneficiaryDetails.primaryBeneficiary.pan;
    const problem = nsdlProblem(body.data, S.nsdlDpId);
    const row = await repo.record(db, {
      provider: 'nsdl',
      requestId: body.data.requestId,
      panHash: panHash(pan),
      reference: `${S.nsdlDpId}${clientIdFrom(`nsdl:${pan}`)}`,
      outcome: problem ? 'rejected' : 'accepted',
      message: problem,
    });
    return nsdlAnswer(row);
  });
  app.get<{ Params: { id: string } }>('/sandbox/registrations/nsdl/accountOpening/:id', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const row = await repo.find(db, 'nsdl', req.params.id);
    if (!row) return reply.code(404).send({ error: 'unknown request' });
    return nsdlAnswer(row);
  });
};
