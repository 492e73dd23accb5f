/**
 * KYC upload to a KRA in the CVL record layout: the `<ROOT><HEADER/><KYCDATA/><FOOTER/></ROOT>`
 * document, its KYCDATA tags in the order of a live CVL integration (lyikadmin/lyik_w2w_plugins
 * generate_kra_data_plugin.py, lines 41-189: APP_KRA_CODE, APP_IPV_NAME, APP_AUTH_*, the FATCA
 * block) and APP_VER_NO V28, the version a second integration sends with the same tag set (code
 * index id 54901488122). No V33 tag (APP_FS_FLAG, APP_CORR_DISTRICT, APP_PERM_DISTRICT, APP_ACC_*)
 * is sent: those belong to KFin's V33 layout, not this one.
 *
 * Sent through CVL's SOAP service `PANInquiry.asmx` over HTTP POST, with the operations as CVL's
 * service contract declares them (code index id 42903214619, lines 9-17): `GetPassword(password,
 * PassKey)` for the session password, `InsertUpdateKYCRecord(inputXML, userName, PosCode, password,
 * PassKey)`, `GetPanStatus(panNo, userName, PosCode, password, PassKey)`. The upload answer echoes
 * KYCDATA with APP_STATUS `ERR-00000`/`00000` or an ERR code. The outcome comes later from
 * `GetPanStatus`: 001 under process, 002 registered / 007 validated (accepted), 003 on hold
 * (APP_HOLD_DEACTIVE_RMKS), 004 rejected, 005 not available.
 *
 * A client whose KYC a KRA holds already is modified (APP_UPDTFLG 02): the registrar asks
 * GetPanStatus first, and a new upload refused with ERR-90061 / ERR-99999 (the PAN exists, here or
 * at another KRA) is sent again as a modification. A modification starts from the KRA's current
 * record, fetched with `SolicitPANDetailsFetchALLKRA(inputXML, userName, PosCode, password,
 * PassKey)` (the service contract, lines 18-19): the inquiry XML `APP_REQ_ROOT/APP_PAN_INQ` with
 * APP_PAN_NO, APP_DOB_INCORP (dd/mm/yyyy), APP_POS_CODE, APP_RTA_CODE, APP_KRA_CODE and FETCH_TYPE
 * `I`, as two public integrations send it (code index id 44310235900, `get_user_kyc`; id
 * 458052743, `GetPanStatus`); the answer holds the record as `APP_PAN_INQ` with the KYCDATA tags
 * (the date of birth as APP_DOB_DT), or `ERROR` / `APP_PAN_RES` when no KRA has it. The
 * modification sends the KRA's record with this application's fields over it: what the KRA holds
 * and the application does not say (an office telephone, a residence telephone) is sent back as
 * the KRA has it, never blanked.
 *
 * Not sent (no public source for the transport): the document images (PAN, address proof, photo,
 * Aadhaar XML). CVL takes them on its portal; until they arrive the KRA holds the record with
 * ERR-00007 (documents not received from the POS) or ERR-00004 (photo missing), which the workflow
 * shows as an on-hold registration (docs/registrations.md).
 */
import { XMLParser } from 'fast-xml-parser';
import { fetchJson, type FetchLike, ProviderError } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject } from './port.ts';

/** The in-person verification's officer, as the KRA records it (configuration: KRA_IPV_*). */
export interface IpvOfficer {
  name: string;
  designation: string;
  organisation: string;
}

export interface KraUploadOptions {
  baseUrl: string;
  userName: string;
  posCode: string;
  password: string;
  passKey: string;
  ipv: IpvOfficer;
  codes: Codes;
  fetch?: FetchLike;
  now?: () => Date;
}

/** The record layout's version, one for the whole record. */
export const KRA_VERSION = 'V28';

/** KYCDATA tags, in order (generate_kra_data_plugin.py lines 41-189). */
export const KRA_KYCDATA_FIELDS = [
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
type KraField = (typeof KRA_KYCDATA_FIELDS)[number];

const xmlEscape = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The KRA's current record, as the download answers it: KYCDATA tag → value. */
export type KraHeldRecord = Partial<Record<KraField, string>>;

export interface KraRecordOptions {
  posCode: string;
  codes: Codes;
  ipv: IpvOfficer;
  at: Date;
  /** Send as a modification of the KRA's record (APP_UPDTFLG 02) rather than a new upload (01). */
  modify: boolean;
  /** The KRA's current record: a modification sends this application's fields over it. */
  over?: KraHeldRecord | null;
}

/**
 * The modification's values: this application's where it says something, the KRA's record
 * elsewhere; `changed` names the tags whose value differs from what the KRA holds.
 */
export function overKraRecord(
  held: KraHeldRecord,
  ours: KraHeldRecord,
): { values: KraHeldRecord; changed: KraField[] } {
  const values: KraHeldRecord = {};
  const changed: KraField[] = [];
  for (const f of KRA_KYCDATA_FIELDS) {
    const mine = ours[f] ?? '';
    const theirs = held[f] ?? '';
    values[f] = mine !== '' ? mine : theirs;
    if (mine !== '' && mine !== theirs) changed.push(f);
  }
  return { values, changed };
}

export function kraRecordXml(s: RegistrationSubject, o: KraRecordOptions): string {
  const today = o.at.toISOString().slice(0, 10).split('-').reverse().join('/');
  const aadhaar = s.kycMode === 'digilocker' && s.aadhaarLast4 !== null;
  // Aadhaar as the address proof, referenced by its last four digits (get_aadhaar_last_4_digit)
  const proof = aadhaar ? o.codes('addressProof', 'aadhaar') : '';
  const proofRef = aadhaar ? (s.aadhaarLast4 ?? '') : '';
  const state = o.codes('state', s.address.state.toUpperCase());
  const country = o.codes('country', s.address.country);
  const abroad = s.fatca?.taxResidencies ?? [];
  const v: KraHeldRecord = {
    APP_UPDTFLG: o.modify ? '02' : '01',
    APP_KRA_CODE: 'CVLKRA',
    APP_POS_CODE: o.posCode,
    APP_TYPE: 'I',
    APP_NO: s.applicationNo,
    APP_DATE: s.applicationDate,
    APP_PAN_NO: s.pan,
    APP_PAN_COPY: 'Y',
    APP_EXMT: 'N',
    APP_IPV_FLAG: 'Y',
    APP_IPV_DATE: s.ipvDate,
    APP_GEN: o.codes('gender', s.gender),
    APP_NAME: s.name,
    APP_F_NAME: s.fatherName,
    APP_DOB_INCORP: s.dob,
    APP_NATIONALITY: '01',
    APP_RES_STATUS: 'R',
    APP_UID_NO: s.aadhaarLast4 ?? '',
    APP_COR_ADD1: s.address.line1,
    APP_COR_ADD2: s.address.line2,
    APP_COR_ADD3: s.address.line3,
    APP_COR_CITY: s.address.city,
    APP_COR_PINCD: s.address.pincode,
    APP_COR_STATE: state,
    APP_COR_CTRY: country,
    APP_MOB_ISD: '91',
    APP_MOB_NO: s.mobile,
    APP_EMAIL: s.email,
    APP_COR_ADD_PROOF: proof,
    APP_COR_ADD_REF: proofRef,
    APP_COR_ADD_DT: s.applicationDate,
    APP_PER_ADD_FLAG: 'Y',
    APP_PER_ADD1: s.address.line1,
    APP_PER_ADD2: s.address.line2,
    APP_PER_ADD3: s.address.line3,
    APP_PER_CITY: s.address.city,
    APP_PER_PINCD: s.address.pincode,
    APP_PER_STATE: state,
    APP_PER_CTRY: country,
    APP_PER_ADD_PROOF: proof,
    APP_PER_ADD_REF: proofRef,
    APP_PER_ADD_DT: s.applicationDate,
    APP_INCOME: o.codes('income', s.income),
    APP_OCC: o.codes('occupation', s.occupation),
    APP_POL_CONN: s.politicallyExposed ? 'PEP' : 'NA',
    APP_DOC_PROOF: 'S',
    APP_INTERNAL_REF: s.clientCode,
    APP_MAR_STATUS: o.codes('marital', s.maritalStatus),
    APP_IPV_NAME: o.ipv.name,
    APP_IPV_DESG: o.ipv.designation,
    APP_IPV_ORGAN: o.ipv.organisation,
    APP_KYC_MODE: o.codes('kycMode', s.kycMode),
    APP_VER_NO: KRA_VERSION,
    // FATCA/CRS: applicable when the client is tax resident outside India too; countries are ISO
    // 3166 alpha-2 (the plugin's fatca_country_code.json)
    APP_FATCA_APPLICABLE_FLAG: abroad.length ? 'Y' : 'N',
    APP_FATCA_BIRTH_PLACE: s.fatca?.placeOfBirth ?? '',
    APP_FATCA_BIRTH_COUNTRY: s.fatca?.countryOfBirth ?? '',
    APP_FATCA_COUNTRY_RES: s.fatca ? (abroad[0]?.country ?? 'IN') : '',
    APP_FATCA_COUNTRY_CITYZENSHIP: s.fatca?.citizenship ?? '',
    APP_FATCA_DATE_DECLARATION: s.applicationDate,
  };
  const sent = o.modify && o.over ? overKraRecord(o.over, v).values : v;
  const kycData = KRA_KYCDATA_FIELDS.map((f) => `<${f}>${xmlEscape(sent[f] ?? '')}</${f}>`).join('');
  // one FATCA_ADDL_DTLS per tax residency outside India (the source's block, lines 192-198); no
  // public source gives a tag for the reason a TIN is missing, so only the TIN itself is sent
  const fatca = abroad
    .map((r) => {
      const d: Record<FatcaField, string> = {
        APP_FATCA_ENTITY_PAN: '',
        APP_FATCA_COUNTRY_RESIDENCY: r.country,
        APP_FATCA_TAX_IDENTIFICATION_NO: r.tin,
        APP_FATCA_TAX_EXEMPT_FLAG: '',
        APP_FATCA_TAX_EXEMPT_REASON: '',
      };
      return `<FATCA_ADDL_DTLS>${KRA_FATCA_ADDL_FIELDS.map((f) => `<${f}>${xmlEscape(d[f])}</${f}>`).join('')}</FATCA_ADDL_DTLS>`;
    })
    .join('');
  return (
    `<ROOT><HEADER><COMPANY_CODE>${xmlEscape(o.posCode)}</COMPANY_CODE><BATCH_DATE>${today}</BATCH_DATE></HEADER>` +
    `<KYCDATA>${kycData}</KYCDATA>${fatca}` +
    '<FOOTER><NO_OF_KYC_RECORDS>1</NO_OF_KYC_RECORDS><NO_OF_ADDLDATA_RECORDS>0</NO_OF_ADDLDATA_RECORDS>' +
    `<NO_OF_FATCA_ADDL_DTLS_RECORDS>${abroad.length}</NO_OF_FATCA_ADDL_DTLS_RECORDS></FOOTER></ROOT>`
  );
}

/** The FATCA_ADDL_DTLS tags, in the source's order (generate_kra_data_plugin.py, lines 193-197). */
export const KRA_FATCA_ADDL_FIELDS = [
  'APP_FATCA_ENTITY_PAN',
  'APP_FATCA_COUNTRY_RESIDENCY',
  'APP_FATCA_TAX_IDENTIFICATION_NO',
  'APP_FATCA_TAX_EXEMPT_FLAG',
  'APP_FATCA_TAX_EXEMPT_REASON',
] as const;
type FatcaField = (typeof KRA_FATCA_ADDL_FIELDS)[number];

const parser = new XMLParser({ parseTagValue: false, trimValues: true });

/** An ASMX answer: `<string xmlns="...">escaped XML or a value</string>`. */
export function asmxString(body: unknown): string {
  if (typeof body !== 'string') throw new ProviderError('The KRA answered something other than XML');
  const outer = parser.parse(body) as { string?: unknown };
  const inner = outer.string;
  if (typeof inner === 'string') return inner;
  if (inner && typeof inner === 'object' && '#text' in inner) return String((inner as { '#text': unknown })['#text']);
  throw new ProviderError('The KRA answered an unexpected document');
}

type Node = Record<string, unknown>;
const pick = (doc: Node, ...path: string[]): Node => {
  let cur: unknown = doc;
  for (const p of path) cur = cur && typeof cur === 'object' ? (cur as Node)[p] : undefined;
  return cur && typeof cur === 'object' ? (cur as Node) : {};
};
const text = (n: Node, k: string) => (typeof n[k] === 'string' ? (n[k] as string) : '');

/** The upload's answer: accepted for processing (submitted) or refused with an ERR code. */
export function readUploadAnswer(xml: string, request: string): RegistrationAnswer {
  const data = pick(parser.parse(xml) as Node, 'ROOT', 'KYCDATA');
  const status = text(data, 'APP_STATUS');
  const ok = status === 'ERR-00000' || status === '00000';
  return ok
    ? // the application number is the reference: a PAN is never kept in the clear
      { status: 'submitted', reference: text(data, 'APP_NO') || null, reason: null, request, response: xml }
    : {
        status: 'rejected',
        reference: null,
        reason: `${status} ${text(data, 'APP_ERROR_DESC')}`.trim(),
        request,
        response: xml,
      };
}

/** The status inquiry: the three-digit status (KRA digit + status) and, once uploaded to CKYCRR, the KIN. */
export function readStatusAnswer(xml: string): { code: string; remark: string; kin: string; response: string } {
  const inq = pick(parser.parse(xml) as Node, 'APP_RES_ROOT', 'APP_PAN_INQ');
  return {
    code: text(inq, 'APP_STATUS').slice(-2),
    remark: text(inq, 'APP_HOLD_DEACTIVE_RMKS'),
    kin: text(inq, 'APP_CKYC_NO'),
    response: xml,
  };
}

/** The inquiry XML of SolicitPANDetailsFetchALLKRA (code index id 44310235900, `get_user_kyc`). */
export function kraFetchXml(pan: string, dob: string, posCode: string): string {
  const tags: [string, string][] = [
    ['APP_PAN_NO', pan],
    ['APP_DOB_INCORP', dob],
    ['APP_POS_CODE', posCode],
    ['APP_RTA_CODE', posCode],
    ['APP_KRA_CODE', ''],
    ['FETCH_TYPE', 'I'],
  ];
  return `<APP_REQ_ROOT><APP_PAN_INQ>${tags.map(([t, x]) => `<${t}>${xmlEscape(x)}</${t}>`).join('')}</APP_PAN_INQ></APP_REQ_ROOT>`;
}

/** The record a KRA holds, from the download's answer; null when no KRA has one. */
export function readDownloadAnswer(xml: string): KraHeldRecord | null {
  const doc = parser.parse(xml) as Node;
  const root = Object.values(doc).find((n): n is Node => !!n && typeof n === 'object') ?? {};
  if ('ERROR' in root || 'APP_PAN_RES' in root) return null;
  const inq = pick(root, 'APP_PAN_INQ');
  if (!text(inq, 'APP_NAME')) return null;
  const held: KraHeldRecord = {};
  for (const f of KRA_KYCDATA_FIELDS) held[f] = text(inq, f);
  // the download names the date of birth APP_DOB_DT (code index id 458052743)
  held.APP_DOB_INCORP ||= text(inq, 'APP_DOB_DT');
  return held;
}

/** The PAN exists at this KRA or another: a new upload must be a modification instead. */
const EXISTS_AT_A_KRA = /^(ERR-)?(90061|99999)$/;
/** Status codes (last two digits) that mean no KRA holds the PAN: not checked, not available, not checked with all KRAs, invalid. */
const NOT_AT_A_KRA = new Set(['', '00', '05', '88', '99']);

export class CvlKraClient {
  constructor(private readonly o: KraUploadOptions) {}

  private async call(method: string, form: Record<string, string>): Promise<string> {
    const body = await fetchJson(`${this.o.baseUrl}/PANInquiry.asmx/${method}`, {
      method: 'POST',
      headers: { accept: 'text/xml' },
      form,
      fetch: this.o.fetch,
    });
    return asmxString(body);
  }

  private session = () => this.call('GetPassword', { password: this.o.password, PassKey: this.o.passKey });

  private async send(
    s: RegistrationSubject,
    modify: boolean,
    over?: KraHeldRecord | null,
  ): Promise<RegistrationAnswer> {
    const inputXML = kraRecordXml(s, {
      posCode: this.o.posCode,
      codes: this.o.codes,
      ipv: this.o.ipv,
      at: this.o.now?.() ?? new Date(),
      modify,
      over: over ?? null,
    });
    const password = await this.session();
    const answer = await this.call('InsertUpdateKYCRecord', {
      inputXML,
      userName: this.o.userName,
      PosCode: this.o.posCode,
      password,
      PassKey: this.o.passKey,
    });
    return readUploadAnswer(answer, inputXML);
  }

  /**
   * Uploads the record: a modification when a KRA holds the PAN already (its status is anything but
   * 005 not available) or when this is a correction; a new upload that the KRA refuses because the
   * PAN exists is sent again as a modification.
   */
  async upload(s: RegistrationSubject): Promise<RegistrationAnswer> {
    const known = s.kraRegistered || s.resubmission || !NOT_AT_A_KRA.has((await this.status(s.pan)).code);
    if (known) return this.modify(s);
    const first = await this.send(s, false);
    if (first.status !== 'rejected' || !EXISTS_AT_A_KRA.test(first.reason?.split(' ')[0] ?? '')) return first;
    const modified = await this.modify(s);
    return {
      ...modified,
      request: `${first.request}\n${modified.request}`,
      response: `${first.response}\n${modified.response}`,
    };
  }

  /** A modification over the KRA's current record (this application's fields alone when none is found). */
  private async modify(s: RegistrationSubject): Promise<RegistrationAnswer> {
    const held = await this.download(s.pan, s.dob);
    const sent = await this.send(s, true, held.record);
    return {
      ...sent,
      request: `${held.request}\n${sent.request}`,
      response: `${held.response}\n${sent.response}`,
    };
  }

  /** SolicitPANDetailsFetchALLKRA(inputXML, userName, PosCode, password, PassKey): the KRA's record, or null. */
  async download(pan: string, dob: string) {
    const password = await this.session();
    const inputXML = kraFetchXml(pan, dob, this.o.posCode);
    const answer = await this.call('SolicitPANDetailsFetchALLKRA', {
      inputXML,
      userName: this.o.userName,
      PosCode: this.o.posCode,
      password,
      PassKey: this.o.passKey,
    });
    return { record: readDownloadAnswer(answer), request: inputXML, response: answer };
  }

  /** GetPanStatus(panNo, userName, PosCode, password, PassKey), as CVL's service contract declares it. */
  async status(pan: string) {
    const password = await this.session();
    const form = { panNo: pan, userName: this.o.userName, PosCode: this.o.posCode, password, PassKey: this.o.passKey };
    const answer = await this.call('GetPanStatus', form);
    return { ...readStatusAnswer(answer), request: `GetPanStatus panNo=${pan}` };
  }
}

/** Registered (02) or validated (07) is what lets the client trade. */
const KRA_OUTCOME: Record<string, RegistrationAnswer['status']> = {
  '01': 'submitted',
  '02': 'accepted',
  '07': 'accepted',
  '03': 'on_hold',
  '04': 'rejected',
};

export class KraUploadRegistrar implements Registrar {
  readonly kind = 'kra' as const;
  constructor(private readonly client: CvlKraClient) {}

  submit(subject: RegistrationSubject): Promise<RegistrationAnswer> {
    return this.client.upload(subject);
  }

  async check(subject: RegistrationSubject): Promise<RegistrationAnswer> {
    const st = await this.client.status(subject.pan);
    const status = KRA_OUTCOME[st.code] ?? 'submitted';
    return {
      status,
      // the KRA status itself (02 registered, 07 validated) with the application number; never the PAN
      reference:
        status === 'accepted' ? `${st.code === '07' ? 'Validated' : 'Registered'} ${subject.applicationNo}` : null,
      reason: status === 'on_hold' || status === 'rejected' ? `KRA status ${st.code}: ${st.remark}` : null,
      request: st.request,
      response: st.response,
    };
  }
}

/**
 * CKYC through the KRA: since 1 Aug 2024 the KRA uploads the verified record to CKYCRR (SEBI
 * circular of 6 Jun 2024), so nothing is sent; the KIN (14 digits) is read from the KRA's status
 * answer once the KRA has it.
 */
export class CkycViaKraRegistrar implements Registrar {
  readonly kind = 'ckyc' as const;
  constructor(private readonly client: CvlKraClient) {}

  async submit(subject: RegistrationSubject): Promise<RegistrationAnswer> {
    return {
      status: 'submitted',
      reference: null,
      reason: null,
      request: `CKYC through the KRA for ${subject.clientCode}: nothing sent`,
      response: '',
    };
  }

  async check(subject: RegistrationSubject): Promise<RegistrationAnswer> {
    const st = await this.client.status(subject.pan);
    return st.kin
      ? { status: 'accepted', reference: st.kin, reason: null, request: st.request, response: st.response }
      : { status: 'submitted', reference: null, reason: null, request: st.request, response: st.response };
  }
}
