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
import type { XMLParser } from 'fast-xml-parser';
import { xmlParser } from '../../lib/xml-parser.ts';
import { fetchJson, type FetchLike, ProviderError } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type IpvOfficer, KRA_KYCDATA_FIELDS, type KraHeldRecord, kraRecordXml, xmlEscape } from './kra-record.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject } from './port.ts';

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

let made: XMLParser | undefined;
const parser = () => (made ??= xmlParser({ parseTagValue: false, trimValues: true }));

/** An ASMX answer: `<string xmlns="...">escaped XML or a value</string>`. */
export function asmxString(body: unknown): string {
  if (typeof body !== 'string') throw new ProviderError('The KRA answered something other than XML');
  const outer = parser().parse(body) as { string?: unknown };
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
  const data = pick(parser().parse(xml) as Node, 'ROOT', 'KYCDATA');
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
  const inq = pick(parser().parse(xml) as Node, 'APP_RES_ROOT', 'APP_PAN_INQ');
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
  const doc = parser().parse(xml) as Node;
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
   * PAN exists is sent again as a modification. An interrupted first upload is not sent again when
   * the KRA holds the record under this application's number already (the KRA has no request id to
   * answer a repeat by): it was taken, and its status is asked from there on. A correction is sent
   * again whatever the KRA holds: the record held may be the one being corrected.
   */
  async upload(s: RegistrationSubject): Promise<RegistrationAnswer> {
    if (s.interrupted && !s.resubmission && !s.modification) {
      const held = await this.download(s.pan, s.dob);
      if (held.record?.APP_NO === s.applicationNo)
        return {
          status: 'submitted',
          reference: s.applicationNo,
          reason: null,
          request: held.request,
          response: held.response,
        };
    }
    const known =
      s.kraRegistered ||
      s.resubmission ||
      s.modification === true ||
      !NOT_AT_A_KRA.has((await this.status(s.pan)).code);
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
