/**
 * The sandbox CVL KRA, `PANInquiry.asmx` over HTTP POST, parsing what it receives with its own
 * reading of the public sources: the operations and their parameters as CVL's service contract
 * declares them (code index id 42903214619, lines 9-17: GetPassword(password, PassKey),
 * GetPanStatus(panNo, userName, PosCode, password, PassKey), InsertUpdateKYCRecord(inputXML,
 * userName, PosCode, password, PassKey)); the KYCDATA tags in the order of
 * lyikadmin/lyik_w2w_plugins generate_kra_data_plugin.py (lines 41-189), APP_VER_NO V28; state
 * codes of its states.json (three digits), India 101 (country.json line 102), Aadhaar as address
 * proof 31 (corr_address_proof.json line 29) with its last four digits as the reference; the ERR
 * codes of the CVL V28 uploader (code index id 13548901289). It shares nothing with the production
 * adapter.
 *
 * The record it holds is served by SolicitPANDetailsFetchALLKRA(inputXML, userName, PosCode,
 * password, PassKey) (the service contract, lines 18-19), the inquiry `APP_REQ_ROOT/APP_PAN_INQ`
 * with FETCH_TYPE I (code index id 44310235900, `get_user_kyc`), answered as `HEADER` and
 * `APP_PAN_INQ` with the KYCDATA tags, the date of birth as APP_DOB_DT (code index id 458052743),
 * or `ERROR` when no KRA has the PAN.
 *
 * Known outcomes: a PAN with digits 9999 is held by a KRA already (GetPanStatus 102 before any
 * upload here, with a record that has residence and office telephones), so a new upload
 * (APP_UPDTFLG 01) is refused with ERR-90061 and must be a modification; 6666 is put on hold once;
 * every other upload is validated (007) after the delay. A modification that would blank a value
 * the KRA holds is refused: no public source names CVL's code for that, so the sandbox reports it
 * as a field error (ERR-90004, the code it uses for every field) — the adapter must start from the
 * downloaded record.
 */
import { randomBytes } from 'node:crypto';
import { xmlParser } from '../../lib/xml-parser.ts';
import type { FastifyReply } from 'fastify';
import { SandboxState } from '../state.ts';
import { EMAIL, PAN, PIN, PLACEHOLDER_EMAIL, panDigits, type SandboxRoutes } from './common.ts';
import { sandboxRequestsRepository as repo } from './requests.repository.ts';

const KRA_HOLD_REMARK = 'ERR-00004 Address proof not legible: resubmit with a clear copy';

/** KYCDATA tags, in the source's order. */
const KYCDATA_TAGS = [
  'APP_UPDTFLG',
  'APP_KRA_CODE',
  'APP_POS_CODE',
  'APP_TYPE',
  'APP_NO',
  'APP_DATE',
  'APP_PAN_NO',
  'APP_PAN_COPY',
  'APP_EXMT',
  'APP_EXMT_CAT',
  'APP_EXMT_ID_PROOF',
  'APP_IPV_FLAG',
  'APP_IPV_DATE',
  'APP_GEN',
  'APP_NAME',
  'APP_F_NAME',
  'APP_REGNO',
  'APP_DOB_INCORP',
  'APP_COMMENCE_DT',
  'APP_NATIONALITY',
  'APP_OTH_NATIONALITY',
  'APP_COMP_STATUS',
  'APP_OTH_COMP_STATUS',
  'APP_RES_STATUS',
  'APP_RES_STATUS_PROOF',
  'APP_UID_NO',
  'APP_COR_ADD1',
  'APP_COR_ADD2',
  'APP_COR_ADD3',
  'APP_COR_CITY',
  'APP_COR_PINCD',
  'APP_COR_STATE',
  'APP_COR_CTRY',
  'APP_OFF_ISD',
  'APP_OFF_STD',
  'APP_OFF_NO',
  'APP_RES_ISD',
  'APP_RES_STD',
  'APP_RES_NO',
  'APP_MOB_ISD',
  'APP_MOB_NO',
  'APP_FAX_ISD',
  'APP_FAX_STD',
  'APP_FAX_NO',
  'APP_EMAIL',
  'APP_COR_ADD_PROOF',
  'APP_COR_ADD_REF',
  'APP_COR_ADD_DT',
  'APP_PER_ADD_FLAG',
  'APP_PER_ADD1',
  'APP_PER_ADD2',
  'APP_PER_ADD3',
  'APP_PER_CITY',
  'APP_PER_PINCD',
  'APP_PER_STATE',
  'APP_PER_CTRY',
  'APP_PER_ADD_PROOF',
  'APP_PER_ADD_REF',
  'APP_PER_ADD_DT',
  'APP_INCOME',
  'APP_OCC',
  'APP_OTH_OCC',
  'APP_POL_CONN',
  'APP_DOC_PROOF',
  'APP_INTERNAL_REF',
  'APP_BRANCH_CODE',
  'APP_MAR_STATUS',
  'APP_NETWRTH',
  'APP_NETWORTH_DT',
  'APP_INCORP_PLC',
  'APP_OTHERINFO',
  'APP_FILLER1',
  'APP_FILLER2',
  'APP_FILLER3',
  'APP_IPV_NAME',
  'APP_IPV_DESG',
  'APP_IPV_ORGAN',
  'APP_KYC_MODE',
  'APP_VER_NO',
  'APP_VID_NO',
  'APP_UID_TOKEN',
  'APP_AUTH_NAME',
  'APP_AUTH_EMAIL',
  'APP_AUTH_EMAIL1',
  'APP_AUTH_EMAIL2',
  'APP_AUTH_MOBILE',
  'APP_AUTH_FPICONSENT',
  'APP_AUTH_UBOCONSENT',
  'APP_FATCA_APPLICABLE_FLAG',
  'APP_FATCA_BIRTH_PLACE',
  'APP_FATCA_BIRTH_COUNTRY',
  'APP_FATCA_COUNTRY_RES',
  'APP_FATCA_COUNTRY_CITYZENSHIP',
  'APP_FATCA_DATE_DECLARATION',
] as const;

/** FATCA_ADDL_DTLS tags, in the source's order (generate_kra_data_plugin.py, lines 193-197). */
const FATCA_TAGS = [
  'APP_FATCA_ENTITY_PAN',
  'APP_FATCA_COUNTRY_RESIDENCY',
  'APP_FATCA_TAX_IDENTIFICATION_NO',
  'APP_FATCA_TAX_EXEMPT_FLAG',
  'APP_FATCA_TAX_EXEMPT_REASON',
];
/** FATCA countries: ISO 3166 alpha-2, as fatca_country_code.json maps them. */
const COUNTRY_ALPHA2 = /^[A-Z]{2}$/;
/** CVL state codes: 001 Jammu and Kashmir ... 038 Ladakh, 039 other (states.json). */
const STATE_CODE = /^0(0[1-9]|[12]\d|3[0-9])$/;
const INDIA = '101';
const AADHAAR_PROOF = '31';

/** ERR codes as the CVL V28 uploader lists them. */
const ERR = {
  footer: ['ERR-90001', 'KYC DATA NOT MATCHING THE FOOTER COUNT CONTROL'],
  flag: ['ERR-90003', 'INVALID UPDATE FLAG'],
  exists: ['ERR-90061', 'KYC DATA ALREADY EXISTS FOR THE PAN'],
} as const;

/** What the KRA holds for a 9999 PAN before any upload here: another intermediary's record. */
const RECORD_AT_ANOTHER_KRA: Record<string, string> = {
  APP_TYPE: 'I',
  APP_GEN: 'M',
  APP_NAME: 'KRA REGISTERED HOLDER',
  APP_F_NAME: 'KRA REGISTERED FATHER',
  APP_NATIONALITY: '01',
  APP_RES_STATUS: 'R',
  APP_COR_ADD1: 'FLAT 402, SUNRISE APARTMENTS',
  APP_COR_ADD2: 'LINKING ROAD, BANDRA WEST',
  APP_COR_ADD3: 'NEAR NATIONAL COLLEGE',
  APP_COR_CITY: 'MUMBAI',
  APP_COR_PINCD: '400050',
  APP_COR_STATE: '027',
  APP_COR_CTRY: '101',
  APP_OFF_ISD: '91',
  APP_OFF_STD: '22',
  APP_OFF_NO: '26401234',
  APP_RES_ISD: '91',
  APP_RES_STD: '22',
  APP_RES_NO: '26435678',
  APP_MOB_ISD: '91',
  APP_MOB_NO: '9820012345',
  APP_EMAIL: 'holder@mail.example',
  APP_PER_ADD_FLAG: 'Y',
  APP_PER_ADD1: 'FLAT 402, SUNRISE APARTMENTS',
  APP_PER_ADD2: 'LINKING ROAD, BANDRA WEST',
  APP_PER_ADD3: 'NEAR NATIONAL COLLEGE',
  APP_PER_CITY: 'MUMBAI',
  APP_PER_PINCD: '400050',
  APP_PER_STATE: '027',
  APP_PER_CTRY: '101',
  APP_INCOME: '03',
  APP_OCC: '01',
  APP_MAR_STATUS: '01',
  APP_KYC_MODE: '0',
  APP_VER_NO: 'V28',
};

const numberFrom = (seed: string, length: number) => {
  let h = 0n;
  for (const ch of seed) h = (h * 131n + BigInt(ch.charCodeAt(0))) % 10n ** BigInt(length);
  return h.toString().padStart(length, '0');
};

/** The first problem the KRA reports in a record, as [code, description], or null. */
function recordProblem(
  xml: string,
  k: Record<string, string>,
  footer: Record<string, string>,
): [string, string] | null {
  const body = /<KYCDATA>([\s\S]*)<\/KYCDATA>/.exec(xml)?.[1] ?? '';
  const sent = [...body.matchAll(/<([A-Z0-9_]+)>/g)].map((m) => m[1]!);
  const field = (name: string, what: string): [string, string] => ['ERR-90004', `${name}: ${what}`];
  if (Number(footer.NO_OF_KYC_RECORDS) !== 1) return [...ERR.footer];
  const missing = KYCDATA_TAGS.find((t) => !sent.includes(t));
  if (missing) return field(missing, 'MISSING');
  const unknown = sent.find((t) => !(KYCDATA_TAGS as readonly string[]).includes(t));
  if (unknown) return field(unknown, 'NOT A TAG OF THIS LAYOUT');
  if (sent.join() !== KYCDATA_TAGS.join()) return field('KYCDATA', 'TAGS OUT OF ORDER');
  if (k.APP_VER_NO !== 'V28') return field('APP_VER_NO', 'VERSION NOT V28');
  if (!['01', '02'].includes(k.APP_UPDTFLG ?? '')) return [...ERR.flag];
  if (!PAN.test(k.APP_PAN_NO ?? '')) return ['ERR-90021', 'INVALID PAN'];
  if (!k.APP_NAME || k.APP_NAME.length >= 100) return ['ERR-90011', 'NAME MANDATORY, LESS THAN 100 CHARACTERS'];
  for (const side of ['COR', 'PER'] as const) {
    if (!PIN.test(k[`APP_${side}_PINCD`] ?? '')) return ['ERR-90026', 'INVALID PIN CODE'];
    if (!STATE_CODE.test(k[`APP_${side}_STATE`] ?? '')) return field(`APP_${side}_STATE`, 'INVALID STATE CODE');
    if (k[`APP_${side}_CTRY`] !== INDIA) return field(`APP_${side}_CTRY`, 'INVALID COUNTRY CODE');
    const proof = k[`APP_${side}_ADD_PROOF`] ?? '';
    if (proof === AADHAAR_PROOF && !/^\d{4}$/.test(k[`APP_${side}_ADD_REF`] ?? ''))
      return field(`APP_${side}_ADD_REF`, 'AADHAAR REFERENCE IS ITS LAST FOUR DIGITS');
  }
  if (!EMAIL.test(k.APP_EMAIL ?? '') || PLACEHOLDER_EMAIL.test(k.APP_EMAIL ?? ''))
    return ['ERR-90028', 'INVALID EMAIL'];
  if (!/^0[1-6]$/.test(k.APP_INCOME ?? '')) return ['ERR-90041', 'INVALID INCOME'];
  if (!/^0[12]$/.test(k.APP_MAR_STATUS ?? '')) return ['ERR-90046', 'INVALID MARITAL STATUS'];
  if (k.APP_IPV_FLAG === 'Y' && (!k.APP_IPV_NAME || !k.APP_IPV_DESG || !k.APP_IPV_ORGAN))
    return field('APP_IPV_NAME', 'IPV NAME, DESIGNATION AND ORGANISATION MANDATORY');
  // FATCA/CRS: a block per tax residency abroad, counted in the footer, only when applicable
  const fatca = [...xml.matchAll(/<FATCA_ADDL_DTLS>([\s\S]*?)<\/FATCA_ADDL_DTLS>/g)].map((m) => m[1]!);
  if (Number(footer.NO_OF_FATCA_ADDL_DTLS_RECORDS ?? 0) !== fatca.length) return [...ERR.footer];
  if ((k.APP_FATCA_APPLICABLE_FLAG === 'Y') !== fatca.length > 0)
    return field('APP_FATCA_APPLICABLE_FLAG', 'FATCA FLAG NOT MATCHING THE FATCA DETAILS');
  for (const tag of ['APP_FATCA_BIRTH_COUNTRY', 'APP_FATCA_COUNTRY_RES', 'APP_FATCA_COUNTRY_CITYZENSHIP'])
    if (k[tag] && !COUNTRY_ALPHA2.test(k[tag]!)) return field(tag, 'INVALID COUNTRY CODE');
  for (const block of fatca) {
    const tags = [...block.matchAll(/<([A-Z0-9_]+)>([^<]*)<\/\1>/g)].map((m) => [m[1]!, m[2]!] as const);
    if (tags.map(([t]) => t).join() !== FATCA_TAGS.join()) return field('FATCA_ADDL_DTLS', 'TAGS OUT OF ORDER');
    const country = tags.find(([t]) => t === 'APP_FATCA_COUNTRY_RESIDENCY')?.[1] ?? '';
    if (!COUNTRY_ALPHA2.test(country) || country === 'IN')
      return field('APP_FATCA_COUNTRY_RESIDENCY', 'INVALID COUNTRY OF TAX RESIDENCE');
  }
  return null;
}

export const kraSandboxRoutes: SandboxRoutes = (app, ctx) => {
  const NS = 'https://pancheck.www.kracvl.com';
  const xmlString = (reply: FastifyReply, inner: string) =>
    reply
      .type('text/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${NS}">${inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`,
      );
  const sessions = new Map<string, number>();
  /** The record the KRA holds for each PAN uploaded here (by PAN hash), in the database like any sandbox state. */
  const records = new SandboxState<Record<string, string>>(app.deps, 'kra-record', 30 * 24 * 3600 * 1000);
  const heldRecord = async (pan: string) =>
    (await records.get(ctx.panHash(pan)))?.value ?? (panDigits(pan) === '9999' ? RECORD_AT_ANOTHER_KRA : null);
  const parser = xmlParser({ parseTagValue: false, trimValues: true });
  type Form = Record<string, string | undefined>;
  const c = ctx.credentials;
  const sessionOk = (f: Form) =>
    f.userName === c.userName && f.PosCode === c.posCode && f.PassKey === c.passKey && sessions.has(f.password ?? '');
  const kraError = (code: string, desc: string, pan = '') =>
    `<ROOT><KYCDATA><APP_PAN_NO>${pan}</APP_PAN_NO><APP_STATUS>${code}</APP_STATUS><APP_ERROR_DESC>${desc}</APP_ERROR_DESC></KYCDATA></ROOT>`;
  /** Held by a KRA: 9999 before any upload here (at another KRA, digit 1), or anything uploaded here. */
  const heldAtAKra = async (pan: string) =>
    panDigits(pan) === '9999' || (await repo.latestForPan(ctx.db, 'kra', ctx.panHash(pan))) !== null;

  app.post('/sandbox/registrations/kra/PANInquiry.asmx/GetPassword', async (req, reply) => {
    const f = (req.body ?? {}) as Form;
    if (f.password !== c.password || f.PassKey !== c.passKey) return xmlString(reply, 'Invalid credentials');
    const token = randomBytes(12).toString('base64url');
    sessions.set(token, Date.now());
    if (sessions.size > 1000) sessions.delete(sessions.keys().next().value!);
    return xmlString(reply, token);
  });

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
    const pan = k.APP_PAN_NO ?? '';
    const problem = recordProblem(f.inputXML ?? '', k, doc.ROOT?.FOOTER ?? {});
    if (problem) return xmlString(reply, kraError(problem[0], problem[1], pan));
    if (k.APP_UPDTFLG === '01' && (await heldAtAKra(pan))) return xmlString(reply, kraError(...ERR.exists, pan));
    const holding = k.APP_UPDTFLG === '02' ? await heldRecord(pan) : null;
    const blanked = holding && KYCDATA_TAGS.find((t) => (holding[t] ?? '') !== '' && (k[t] ?? '') === '');
    if (blanked)
      return xmlString(
        reply,
        kraError('ERR-90004', `${blanked}: THE KRA HOLDS A VALUE; A MODIFICATION STARTS FROM THE KRA RECORD`, pan),
      );
    const hash = ctx.panHash(pan);
    await records.put(hash, Object.fromEntries(KYCDATA_TAGS.map((t) => [t, k[t] ?? ''])));
    // A first upload of 6666 is put on hold once; a modification after the hold is validated.
    const held =
      k.APP_UPDTFLG === '01' &&
      panDigits(pan) === '6666' &&
      (await repo.countOutcome(ctx.db, 'kra', hash, 'hold')) === 0;
    await repo.record(ctx.db, {
      provider: 'kra',
      requestId: `${k.APP_NO}:${k.APP_UPDTFLG}`,
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

  app.post('/sandbox/registrations/kra/PANInquiry.asmx/SolicitPANDetailsFetchALLKRA', async (req, reply) => {
    const f = (req.body ?? {}) as Form;
    if (!sessionOk(f)) return xmlString(reply, '<APP_RES_ROOT><ERROR>SESSION INVALID</ERROR></APP_RES_ROOT>');
    let inq: Record<string, string>;
    try {
      const doc = parser.parse(f.inputXML ?? '') as { APP_REQ_ROOT?: { APP_PAN_INQ?: Record<string, string> } };
      inq = doc.APP_REQ_ROOT?.APP_PAN_INQ ?? {};
    } catch {
      return xmlString(reply, '<APP_RES_ROOT><ERROR>INVALID XML</ERROR></APP_RES_ROOT>');
    }
    const pan = inq.APP_PAN_NO ?? '';
    const dob = (inq.APP_DOB_INCORP ?? '').replace(/-/g, '/');
    if (
      !PAN.test(pan) ||
      !/^\d{2}\/\d{2}\/\d{4}$/.test(dob) ||
      inq.FETCH_TYPE !== 'I' ||
      inq.APP_POS_CODE !== c.posCode
    )
      return xmlString(reply, '<APP_RES_ROOT><ERROR>INVALID INQUIRY</ERROR></APP_RES_ROOT>');
    const record = await heldRecord(pan);
    // the date of birth must be the one the KRA holds (another KRA's record: not checked here)
    if (!record || (record.APP_DOB_INCORP && record.APP_DOB_INCORP !== dob))
      return xmlString(
        reply,
        '<APP_RES_ROOT><ERROR>NO KYC RECORD FOR THE PAN AND DATE OF BIRTH</ERROR></APP_RES_ROOT>',
      );
    const row = await repo.latestForPan(ctx.db, 'kra', ctx.panHash(pan));
    const status = row ? (row.outcome === 'hold' ? '003' : '007') : '102';
    const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const tags = KYCDATA_TAGS.filter((t) => t !== 'APP_DOB_INCORP')
      .map((t) => `<${t}>${esc(record[t] ?? '')}</${t}>`)
      .join('');
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
    return xmlString(
      reply,
      `<ROOT><HEADER><COMPANY_CODE>${esc(c.posCode)}</COMPANY_CODE><BATCH_DATE>${today}</BATCH_DATE></HEADER>` +
        `<APP_PAN_INQ>${tags}<APP_DOB_DT>${esc(record.APP_DOB_INCORP ?? '')}</APP_DOB_DT><APP_STATUS>${status}</APP_STATUS></APP_PAN_INQ></ROOT>`,
    );
  });

  app.post('/sandbox/registrations/kra/PANInquiry.asmx/GetPanStatus', async (req, reply) => {
    const f = (req.body ?? {}) as Form;
    if (!sessionOk(f)) return xmlString(reply, '<APP_RES_ROOT><ERROR>SESSION INVALID</ERROR></APP_RES_ROOT>');
    // GetPanStatus(panNo, ...): the PAN itself, not an XML document
    const pan = f.panNo ?? '';
    if (!PAN.test(pan))
      return xmlString(reply, '<APP_RES_ROOT><APP_PAN_INQ><APP_STATUS>999</APP_STATUS></APP_PAN_INQ></APP_RES_ROOT>');
    const row = await repo.latestForPan(ctx.db, 'kra', ctx.panHash(pan));
    let status = panDigits(pan) === '9999' ? '102' : '005';
    let remark = '';
    let kin = '';
    if (row?.outcome === 'hold') [status, remark] = ['003', row.message ?? ''];
    else if (row) {
      const ready = Date.now() - row.receivedAt.getTime() >= ctx.kraDelayMs;
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
