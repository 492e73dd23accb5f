/**
 * The sandbox exchanges (NSE, BSE, MCX UCC), depositories (CDSL harmonised BO file, NSDL account
 * opening) and KRA upload (CVL PANInquiry.asmx), each in the format its production adapter sends,
 * checking what the real service checks first (header, mandatory fields, code values, footer
 * counts). Known outcomes (CONTRACT.md, sandbox providers): PAN digits 7777 → the exchange rejects
 * the UCC once; 6666 → the KRA puts the upload on hold once (03, with a reason); every other PAN is
 * accepted, the KRA validating after REGISTRATIONS_SANDBOX_DELAY_MS and passing the record to CKYCRR
 * (a KIN). What was received is kept in the database, so a repeated request id gets the first
 * answer back and "once" holds across processes and restarts.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CDSL_HARMONISED_HEADER } from '../../providers/registrations/cdsl-bo.ts';
import { SANDBOX_REGISTRATIONS as S } from '../../providers/registrations/create.ts';
import { bseSandboxRoutes } from './bse-ucc.ts';
import { PAN, type SandboxRegistrationContext } from './common.ts';
import { kraSandboxRoutes } from './kra-cvl.ts';
import { mcxSandboxRoutes } from './mcx-ucc.ts';
import { nseSandboxRoutes } from './nse-ucc.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

export { UCC_PAN_MISMATCH } from './common.ts';
export { KRA_HOLD_REMARK } from './kra-cvl.ts';
const numberFrom = (seed: string, length: number) =>
  (BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`) % 10n ** BigInt(length))
    .toString()
    .padStart(length, '0');

/** Parses one CSV document (RFC 4180 quoting). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export const sandboxRegistrationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const db = deps.database.db;
  const panHash = (pan: string) => deps.hasher.hash('sandbox-registration-pan', pan);
  const keyOk = (req: FastifyRequest) => req.headers['x-api-key'] === S.apiKey;
  const refuse = (reply: FastifyReply) => reply.code(401).send({ error: 'invalid credentials' });

  for (const type of ['text/plain', 'text/csv'])
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // NSE, BSE, MCX and the KRA: each parses with its own reading of the public source
  const ctx: SandboxRegistrationContext = {
    db,
    panHash,
    credentials: {
      memberCode: S.memberCode,
      apiKey: S.apiKey,
      userName: S.kraUser,
      password: S.kraPassword,
      posCode: S.kraPosCode,
      passKey: S.kraPassKey,
    },
    kraDelayMs: deps.config.registrations.sandboxDelayMs,
  };
  for (const routes of [nseSandboxRoutes, bseSandboxRoutes, mcxSandboxRoutes, kraSandboxRoutes]) routes(app, ctx);

  // ---- CDSL: harmonised BO file
  const GENDERS = new Set(['MALE', 'FEMALE', 'TRGEN']);
  const INCOMES = new Set(['UPT1L', '1LT5L', '5LTXL', 'XLTXXV', '25T1CR', 'GT1CR']);
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
    const [header, ...rows] = parseCsv(String(req.body ?? '')).filter((r) => r.some(Boolean));
    if (!batchId || !header || header.join(',') !== CDSL_HARMONISED_HEADER.join(','))
      return reply.code(400).send({ error: 'The file header is not the harmonised BO header' });
    const at = (row: string[], col: (typeof CDSL_HARMONISED_HEADER)[number]) => row[header.indexOf(col)] ?? '';
    const holder = rows.find((r) => at(r, 'Purpse') === 'FH' && !at(r, 'PurpCd'));
    if (!holder || rows.some((r) => at(r, 'BOTxnTyp') !== 'BOSET' || at(r, 'CntrlSctiesDpstryPtcpt') !== S.cdslDpId))
      return reply.code(400).send({ error: 'A BOSET request needs a first-holder row from this DP' });
    const seen = await repo.find(db, 'cdsl', batchId);
    if (seen) return cdslAnswer(seen);
    const pan = at(holder, 'PAN');
    const problem =
      (!PAN.test(pan) ? 'Invalid PAN' : null) ??
      (!GENDERS.has(at(holder, 'Gndr')) ? 'Invalid Gndr' : null) ??
      (!INCOMES.has(at(holder, 'GrssAnlIncmRg')) ? 'Invalid GrssAnlIncmRg' : null) ??
      (!/^\d{8}$/.test(at(holder, 'BirthDt')) ? 'Invalid BirthDt' : null) ??
      (rows.some((r) => at(r, 'PurpCd') === 'CORAD') ? null : 'Correspondence address row missing');
    const boId = `${S.cdslDpId}${numberFrom(`cdsl:${pan}`, 8)}`;
    const row = await repo.record(db, {
      provider: 'cdsl',
      requestId: batchId,
      panHash: panHash(pan),
      reference: problem ? batchId : boId,
      outcome: problem ? 'rejected' : 'accepted',
      message: problem,
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
    const body = z
      .object({
        requestId: z.string().min(1),
        instr: z.object({
          beneficiaryDetails: z.object({ primaryBeneficiary: z.looseObject({ pan: z.string(), name: z.string() }) }),
          bankDetails: z.looseObject({ ifsc: z.string() }),
        }),
      })
      .safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message });
    const seen = await repo.find(db, 'nsdl', body.data.requestId);
    if (seen) return nsdlAnswer(seen);
    const pan = body.data.instr.beneficiaryDetails.primaryBeneficiary.pan;
    const problem = PAN.test(pan) ? null : 'Invalid PAN';
    const row = await repo.record(db, {
      provider: 'nsdl',
      requestId: body.data.requestId,
      panHash: panHash(pan),
      reference: `${S.nsdlDpId}${numberFrom(`nsdl:${pan}`, 8)}`,
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
