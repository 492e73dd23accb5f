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
import { createHash, randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bsePasswordHash } from '../../providers/registrations/bse-ucc.ts';
import { SANDBOX_REGISTRATIONS as S } from '../../providers/registrations/create.ts';
import { KRA_KYCDATA_FIELDS } from '../../providers/registrations/kra-upload.ts';
import { MCX_DETAIL_FIELDS } from '../../providers/registrations/mcx-ucc.ts';
import { sandboxDepositoryRoutes } from './depository-routes.ts';
import { type SandboxRequestRow, sandboxRequestsRepository as repo } from './requests.repository.ts';

export const UCC_PAN_MISMATCH = 'PAN and name do not match the income-tax record';
export const KRA_HOLD_REMARK = 'ERR-00004 Address proof not legible: resubmit with a clear copy';

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const MOBILE = /^[6-9]\d{9}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PIN = /^[1-9]\d{5}$/;
const PLACEHOLDER_MOBILE = /^(\d)\1{9}$/;
const PLACEHOLDER_EMAIL = /^notprovided@/i;

const digits = (pan: string) => pan.slice(5, 9);
const numberFrom = (seed: string, length: number) =>
  (BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`) % 10n ** BigInt(length))
    .toString()
    .padStart(length, '0');

/** The six UCC attributes (name, address with PIN, PAN, mobile, email, income) present and real. */
function sixAttributesProblem(a: {
  name: string;
  address: string;
  pin: string;
  pan: string;
  mobile: string;
  email: string;
  income: string;
}): string | null {
  if (!a.name.trim()) return 'Client name is mandatory';
  if (!a.address.trim() || !PIN.test(a.pin)) return 'Address with a valid PIN code is mandatory';
  if (!PAN.test(a.pan)) return 'Invalid PAN';
  if (!MOBILE.test(a.mobile) || PLACEHOLDER_MOBILE.test(a.mobile)) return 'Invalid mobile number';
  if (!EMAIL.test(a.email) || PLACEHOLDER_EMAIL.test(a.email)) return 'Invalid email address';
  if (!a.income) return 'Gross annual income range is mandatory';
  return null;
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

  /** The exchange's decision on a new UCC: 7777 is refused at its first upload, once. */
  async function uccDecision(provider: string, requestId: string, pan: string, problem: string | null) {
    const seen = await repo.find(db, provider, requestId);
    if (seen) return seen;
    const hash = panHash(pan);
    let outcome = 'accepted';
    let message: string | null = null;
    if (problem) [outcome, message] = ['rejected', problem];
    else if (digits(pan) === '7777' && (await repo.countOutcome(db, provider, hash, 'rejected')) === 0)
      [outcome, message] = ['rejected', UCC_PAN_MISMATCH];
    return repo.record(db, { provider, requestId, panHash: hash, reference: requestId, outcome, message });
  }

  // ---- NSE: Client Profiling API, NSEEntry per segment
  const nseEntry = z.looseObject({
    ccdMemCd: z.string(),
    ccdCd: z.string().min(1),
    ccdName: z.string(),
    ccdPanNo: z.string(),
    ccdSegInd: z.enum(['C', 'F', 'X', 'S', 'D', 'O']),
    ccdDob: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
    ccdAddLine1: z.string(),
    ccdAddCity: z.string(),
    ccdAddState: z.string().regex(/^\d{1,2}$/),
    ccdPinCode: z.string(),
    ccdMobile: z.string(),
    ccdEmail: z.string(),
    ccdGrosAnnlRnge: z.enum(['1', '2', '3', '4', '5']).or(z.literal('')),
    ccdDeposName: z.enum(['NSDL', 'CDSL']),
    ccdBenAcctNo: z.string(),
  });
  const nseAnswer = (row: SandboxRequestRow, entries: { ccdCd: string; ccdSegInd: string }[]) => ({
    status: row.outcome === 'accepted' ? 'SUCCESS' : 'FAILURE',
    reqId: row.requestId,
    data: entries.map((e) => ({
      ccdCd: e.ccdCd,
      ccdSegInd: e.ccdSegInd,
      ccdPanSts: row.outcome === 'accepted' ? 'A' : 'I',
      ccdCltStatus: row.outcome === 'accepted' ? 'A' : null,
      errorDesc: row.message,
    })),
  });
  app.post('/sandbox/registrations/nse/ucc/client-profiling', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const body = z.object({ reqId: z.string().min(1), NSEEntry: z.array(nseEntry).min(1) }).safeParse(req.body);
    if (!body.success) return reply.code(400).send({ status: 'FAILURE', error: body.error.issues[0]?.message });
    const e = body.data.NSEEntry[0]!;
    const problem = body.data.NSEEntry.some((x) => x.ccdMemCd !== S.memberCode)
      ? 'Member code not registered'
      : (sixAttributesProblem({
          name: e.ccdName,
          address: e.ccdAddLine1,
          pin: e.ccdPinCode,
          pan: e.ccdPanNo,
          mobile: e.ccdMobile,
          email: e.ccdEmail,
          income: e.ccdGrosAnnlRnge,
        }) ?? (e.ccdBenAcctNo ? null : 'Demat account details are mandatory'));
    const row = await uccDecision('nse', body.data.reqId, e.ccdPanNo, problem);
    return nseAnswer(row, body.data.NSEEntry);
  });
  app.get<{ Params: { id: string } }>('/sandbox/registrations/nse/ucc/client-profiling/:id', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const row = await repo.find(db, 'nse', req.params.id);
    if (!row) return reply.code(404).send({ status: 'FAILURE', error: 'unknown request' });
    return nseAnswer(row, [{ ccdCd: row.reference, ccdSegInd: '' }]);
  });

  // ---- BSE: UCC_REST_API AddUCCData_V5
  const bseHeadersOk = (req: FastifyRequest) =>
    req.headers.userid === S.kraUser && req.headers.password === bsePasswordHash(S.kraPassword);
  const bseAnswer = (row: SandboxRequestRow, clientCode: string) => ({
    STATUS: row.outcome === 'accepted' ? 'SUCCESS' : 'FAILED',
    CLIENTCODE: clientCode,
    REMARKS: row.message,
  });
  app.post('/sandbox/registrations/bse/AddUCCData_V5', async (req, reply) => {
    if (!bseHeadersOk(req)) return refuse(reply);
    const body = z.object({ CLIENTDETAILS_V5: z.record(z.string(), z.string()) }).safeParse(req.body);
    const requestId = String(req.headers.requestid ?? '');
    if (!body.success || !requestId) return reply.code(400).send({ STATUS: 'FAILED', REMARKS: 'Malformed request' });
    const c = body.data.CLIENTDETAILS_V5;
    const segments = ['CASH', 'EQUITY_DERIVATIVE', 'CURRENCY', 'SLB', 'DEBT', 'COMMDERIVATIVES'];
    const problem =
      (c.TRANSACTIONCODE !== 'N' && c.TRANSACTIONCODE !== 'M' ? 'TRANSACTIONCODE must be N or M' : null) ??
      (segments.some((sg) => c[sg] === 'Y') ? null : 'At least one segment must be Y') ??
      sixAttributesProblem({
        name: c.CLIENTNAME ?? '',
        address: c.ADDRESS1 ?? '',
        pin: c.PINCODE ?? '',
        pan: c.PANNO ?? '',
        mobile: c.MOBILENUMBER ?? '',
        email: c.EMAIL ?? '',
        income: c.INCOME ?? '',
      });
    const row = await uccDecision('bse', requestId, c.PANNO ?? '', problem);
    return bseAnswer(row, c.CLIENTCODE ?? '');
  });
  app.post('/sandbox/registrations/bse/GetUCCStatus_V5', async (req, reply) => {
    if (!bseHeadersOk(req)) return refuse(reply);
    const row = await repo.find(db, 'bse', String(req.headers.requestid ?? ''));
    const clientCode = String((req.body as { CLIENTCODE?: unknown } | null)?.CLIENTCODE ?? '');
    if (!row) return reply.code(404).send({ STATUS: 'FAILED', CLIENTCODE: clientCode, REMARKS: 'Client not found' });
    return bseAnswer(row, clientCode);
  });

  // ---- MCX: pipe-delimited batch
  const mcxAnswer = (row: SandboxRequestRow, codes: string[]) => ({
    batchNo: row.requestId,
    records: codes.map((clientCode) => ({
      clientCode,
      status: row.outcome === 'accepted' ? 'ACCEPTED' : 'REJECTED',
      reason: row.message,
    })),
  });
  app.post('/sandbox/registrations/mcx/ucc/upload', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const batchNo = String(req.headers['x-batch-no'] ?? '');
    const lines = String(req.body ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('|'));
    const control = lines[0] ?? [];
    const details = lines.slice(1);
    if (!batchNo || control[0] !== '10' || Number(control[5]) !== details.length || details.length === 0)
      return reply.code(400).send({ error: 'Control record missing or its count differs from the detail records' });
    if (details.some((d) => d.length !== MCX_DETAIL_FIELDS.length + 1))
      return reply.code(400).send({ error: `Each detail record has ${MCX_DETAIL_FIELDS.length + 1} fields` });
    const field = (name: (typeof MCX_DETAIL_FIELDS)[number]) => details[0]![MCX_DETAIL_FIELDS.indexOf(name) + 1] ?? '';
    const problem = sixAttributesProblem({
      name: field('ClientName'),
      address: field('Address1'),
      pin: field('PinCode'),
      pan: field('PAN'),
      mobile: field('Mobile'),
      email: field('Email'),
      income: field('IncomeRange'),
    });
    const row = await uccDecision('mcx', batchNo, field('PAN'), problem);
    return mcxAnswer(row, [field('ClientCode')]);
  });
  app.get<{ Params: { id: string } }>('/sandbox/registrations/mcx/ucc/upload/:id', async (req, reply) => {
    if (!keyOk(req)) return refuse(reply);
    const row = await repo.find(db, 'mcx', req.params.id);
    if (!row) return reply.code(404).send({ error: 'unknown batch' });
    return mcxAnswer(row, [row.reference]);
  });

  // ---- CDSL and NSDL: their own parsers and routes
  await app.register(sandboxDepositoryRoutes);

  // ---- KRA: CVL PANInquiry.asmx over HTTP POST
  const NS = 'https://pancheck.www.kracvl.com';
  const xmlString = (reply: FastifyReply, inner: string) =>
    reply
      .type('text/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${NS}">${inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`,
      );
  const sessions = new Map<string, number>();
  const parser = new XMLParser({ parseTagValue: false, trimValues: true });
  type Form = Record<string, string | undefined>;
  const sessionOk = (f: Form) =>
    f.userName === S.kraUser &&
    f.PosCode === S.kraPosCode &&
    f.PassKey === S.kraPassKey &&
    sessions.has(f.password ?? '');

  app.post('/sandbox/registrations/kra/PANInquiry.asmx/GetPassword', async (req, reply) => {
    const f = (req.body ?? {}) as Form;
    if (f.password !== S.kraPassword || f.PassKey !== S.kraPassKey) return xmlString(reply, 'Invalid credentials');
    const token = randomBytes(12).toString('base64url');
    sessions.set(token, Date.now());
    if (sessions.size > 1000) sessions.delete(sessions.keys().next().value!);
    return xmlString(reply, token);
  });

  const kraError = (code: string, desc: string, pan = '') =>
    `<ROOT><KYCDATA><APP_PAN_NO>${pan}</APP_PAN_NO><APP_STATUS>${code}</APP_STATUS><APP_ERROR_DESC>${desc}</APP_ERROR_DESC></KYCDATA></ROOT>`;
  app.post('/sandbox/registrations/kra/PANInquiry.asmx/InsertUpdateKYCRecord', async (req, reply) => {
    const f = (req.body ?? {}) as Form;
    if (!sessionOk(f)) return xmlString(reply, kraError('ERR-90063', 'POS CODE NOT ELIGIBLE OR SESSION INVALID'));
    let doc: Record<string, Record<string, Record<string, string>>>;
    try {
      doc = parser.parse(f.inputXML ?? '') as typeof doc;
    } catch {
      return xmlString(reply, kraError('ERR-90002', 'INVALID XML'));
    }
    const k = doc.ROOT?.KYCDATA ?? {};
    const footer = doc.ROOT?.FOOTER ?? {};
    const pan = k.APP_PAN_NO ?? '';
    const missing = KRA_KYCDATA_FIELDS.find((name) => !(name in k));
    const problem: [string, string] | null =
      Number(footer.NO_OF_KYC_RECORDS) !== 1
        ? ['ERR-90001', 'FOOTER COUNT MISMATCH']
        : missing
          ? ['ERR-90004', `FIELD ${missing} MISSING`]
          : !['01', '02', '03'].includes(k.APP_UPDTFLG ?? '')
            ? ['ERR-90003', 'INVALID UPDATE FLAG']
            : !PAN.test(pan)
              ? ['ERR-90021', 'INVALID PAN']
              : !k.APP_NAME || k.APP_NAME.length >= 100
                ? ['ERR-90011', 'NAME MANDATORY, LESS THAN 100 CHARACTERS']
                : !PIN.test(k.APP_COR_PINCD ?? '')
                  ? ['ERR-90026', 'INVALID PIN CODE']
                  : !EMAIL.test(k.APP_EMAIL ?? '') || PLACEHOLDER_EMAIL.test(k.APP_EMAIL ?? '')
                    ? ['ERR-90028', 'INVALID EMAIL']
                    : !/^0[1-6]$/.test(k.APP_INCOME ?? '')
                      ? ['ERR-90041', 'INVALID INCOME']
                      : !/^0[12]$/.test(k.APP_MAR_STATUS ?? '')
                        ? ['ERR-90046', 'INVALID MARITAL STATUS']
                        : null;
    if (problem) return xmlString(reply, kraError(problem[0], problem[1], pan));
    const hash = panHash(pan);
    const requestId = `${k.APP_NO}:${k.APP_UPDTFLG}`;
    // A first upload of 6666 is put on hold once; a modification after the hold is validated.
    const held =
      k.APP_UPDTFLG === '01' && digits(pan) === '6666' && (await repo.countOutcome(db, 'kra', hash, 'hold')) === 0;
    await repo.record(db, {
      provider: 'kra',
      requestId,
      panHash: hash,
      reference: k.APP_NO ?? '',
      outcome: held ? 'hold' : 'validated',
      message: held ? KRA_HOLD_REMARK : null,
    });
    return xmlString(
      reply,
      `<ROOT><KYCDATA><APP_PAN_NO>${pan}</APP_PAN_NO><APP_NO>${k.APP_NO}</APP_NO><APP_STATUS>ERR-00000</APP_STATUS></KYCDATA></ROOT>`,
    );
  });

  app.post('/sandbox/registrations/kra/PANInquiry.asmx/GetPanStatus', async (req, reply) => {
    const f = (req.body ?? {}) as Form;
    if (!sessionOk(f)) return xmlString(reply, '<APP_RES_ROOT><ERROR>SESSION INVALID</ERROR></APP_RES_ROOT>');
    const inq = (parser.parse(f.inputXML ?? '') as { APP_REQ_ROOT?: { APP_PAN_INQ?: { APP_PAN_NO?: string } } })
      .APP_REQ_ROOT?.APP_PAN_INQ;
    const pan = inq?.APP_PAN_NO ?? '';
    const row = await repo.latestForPan(db, 'kra', panHash(pan));
    let status = '005';
    let remark = '';
    let kin = '';
    if (row?.outcome === 'hold') [status, remark] = ['003', row.message ?? ''];
    else if (row) {
      const ready = Date.now() - row.receivedAt.getTime() >= deps.config.registrations.sandboxDelayMs;
      status = ready ? '007' : '001';
      if (ready) kin = numberFrom(`ckyc:${pan}`, 14);
    }
    return xmlString(
      reply,
      `<APP_RES_ROOT><APP_PAN_INQ><APP_PAN_NO>${pan}</APP_PAN_NO><APP_STATUS>${status}</APP_STATUS>` +
        `<APP_HOLD_DEACTIVE_RMKS>${remark}</APP_HOLD_DEACTIVE_RMKS><APP_CKYC_NO>${kin}</APP_CKYC_NO></APP_PAN_INQ></APP_RES_ROOT>`,
    );
  });
};
