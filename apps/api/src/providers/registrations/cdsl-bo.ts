/**
 * CDSL BO account set-up in the harmonised ("ISO tag") BO file both depositories take since the
 * 2024-25 harmonisation: one CSV, the header below in this order, rows grouped by RcrdNb (one BO
 * request) with RcdSRNumber as the row serial, one row per party (`Purpse` FH holder, NM nominee,
 * NMG a minor nominee's guardian, POALB the DDPI link), each with its address (`PurpCd`), BOTxnTyp
 * BOSET (research §4.1; header from a DP's harmonisation procedure dated 24 Oct 2024 .. 9 Aug 2025).
 * Values as a live CDSL integration emits them (lyikadmin/lyik_w2w_plugins cdsl_demat_data_parser
 * and its test.json output): dates YYYY-MM-DD, flags YES/NO, codes from depository-codes.ts.
 * The signature travels beside the rows as hex with its size (the integration's
 * CDSLDematPayloadModel(records, signatures); the harmonised staging of NSDL sends `0x`-hex and
 * `sgntrsz`). CDSL answers per RcrdNb with an error code or the 16-digit BO id (8-digit DP id +
 * 8-digit client id). The transport is member-only: the batch is posted to the configured URL.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import { CDSL_CODES, type Coded, stateCode } from './depository-codes.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject } from './port.ts';
import { CDSL_HARMONISED_HEADER } from './cdsl-harmonised-header.ts';

type Column = (typeof CDSL_HARMONISED_HEADER)[number];
type Row = Partial<Record<Column, string>>;

export interface CdslBoOptions {
  baseUrl: string;
  /** The DP id of the broker at CDSL (8 digits). */
  dpId: string;
  apiKey: string;
  /** The broker's DDPI master id at CDSL (POAOrDDPIId of the POALB row). */
  ddpiId: string;
  /** The broker's trading-member id for the UCC-demat mapping (Brkr). */
  tradingMemberId: string;
  fetch?: FetchLike;
  now?: () => Date;
}

/** What is posted: the rows, and each signature as hex with its size in bytes. */
export interface CdslBoBatch {
  BtchId: string;
  file: string;
  signatures: { RcrdNb: string; SgntryId: string; Sgn: string; SgntrSz: string }[];
}

const csvCell = (v: string | undefined) => {
  const s = v ?? '';
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const code = (c: Coded | undefined) => c?.code ?? '';
/** dd/mm/yyyy → YYYY-MM-DD (test.json:1 "BirthDt":"1990-06-09"). */
const isoDate = (ddmmyyyy: string) => {
  const [d = '', m = '', y = ''] = ddmmyyyy.split('/');
  return ddmmyyyy ? `${y}-${m}-${d}` : '';
};
const yesNo = (b: boolean) => code(b ? CDSL_CODES.flag.yes : CDSL_CODES.flag.no);
const SIGNATURE_ID = 'FH1';

/** The BO set-up rows of one applicant: holder (two address rows), nominees, guardians, DDPI. */
export function cdslBoFile(
  s: RegistrationSubject,
  o: { dpId: string; batchId: string; ddpiId: string; tradingMemberId: string; at: Date },
): string {
  const C = CDSL_CODES;
  const common: Row = {
    CntrlSctiesDpstryPtcpt: o.dpId,
    // "always 000000 for cdsl-BO upload" (cdsl_demat_data_parser.py)
    BrnchId: '000000',
    BtchId: o.batchId,
    SndrId: o.dpId,
    SndrDt: o.at.toISOString().slice(0, 10),
    RcrdNb: '1',
    // a client's request after the account is open changes the BO account (BOMOD, research §4.1),
    // and a closure on the client's request closes it (BOCLS, research §4.1)
    BOTxnTyp: s.closure ? 'BOCLS' : s.modification ? 'BOMOD' : 'BOSET',
  };
  const state = stateCode(s.address.state);
  const holderAddress = (purpCd: 'PERAD' | 'CORAD'): Row => ({
    PurpCd: purpCd,
    Adr1: s.address.line1,
    Adr2: s.address.line2,
    Adr3: s.address.line3,
    Adr4: s.address.city,
    Ctry: 'INDIA',
    PstCd: s.address.pincode,
    CtrySubDvsnCd: code(state ?? undefined),
    CtrySubDvsnNm: s.address.state,
  });
  const b = s.bo;
  const holder: Row = {
    ...common,
    PrdNb: 'IND',
    BnfcrySubTp: 'INRES',
    Purpse: 'FH',
    FrstNm: s.firstName,
    MddlNm: s.middleName,
    LastNm: s.lastName,
    ScndHldrNmOfFthr: s.fatherName,
    BirthDt: isoDate(s.dob),
    Gndr: code(C.gender[s.gender]),
    PAN: s.pan,
    PANVrfyFlg: code(b.panAadhaarSeeding === 'Y' ? C.panVerification.seeded : C.panVerification.notSeeded),
    AdhrAuthntcnWthUID: s.kycMode === 'digilocker' && s.aadhaarLast4 ? 'ADRV' : '',
    SMSFclty: yesNo(true),
    PrmryISDCd: '91',
    MobNb: s.mobile,
    FmlyFlgForMobNbOf: code(C.family.none),
    EmailAdr: s.email,
    FmlyFlgForEmailAdr: code(b.emailOfFamily ? C.family[b.emailOfFamily as keyof typeof C.family] : C.family.none),
    // nominees given: NO; none: OON, opted out of nomination (the harmonised staging's rule)
    NoNmntnFlg: s.nominees.length ? code(C.flag.no) : 'OON',
    MdOfOpr: 'SLHLD',
    GrssAnlIncmRg: code(C.income[s.income as keyof typeof C.income]),
    INIFSC: s.bank.ifsc,
    MICRCd: s.bank.micr,
    AnlRptFlg: 'ELC',
    BnfclOwnrSttlmCyclCd: 'EM',
    ElctrncConf: yesNo(true),
    EmailRTADwnldFlg: yesNo(true),
    Ntlty: 'IN',
    BkAcctTp: code(C.bankAccountType[s.bank.accountType]),
    BnfcryAcctCtgy: 'NHB',
    BnfcryBkAcctNb: s.bank.accountNumber,
    BnfcryBkNm: s.bank.bankName,
    BnfcryTaxDdctnSts: 'RI',
    BSDAFlg: code(b.bsda ? C.bsda.yes : C.bsda.no),
    Ocptn: code(C.occupation[s.occupation as keyof typeof C.occupation] ?? C.occupation.others),
    FrstClntOptnToRcvElctrncStmtFlg: 'ELE',
    ComToBeSentTo: 'FIH',
    AccntOpSrc: 'OLAO',
    SndrRefNb1: s.applicationNo,
    BOUCCLkFlg: yesNo(true),
    CnsntInd: yesNo(true),
    UnqClntId: s.clientCode,
    Brkr: o.tradingMemberId,
    Sgmt: 'CM',
    MapUMapFlg: 'MAP',
    SgntryId: b.signature ? SIGNATURE_ID : '',
    SgntrSz: b.signature ? String(b.signature.length) : '',
    ...holderAddress('PERAD'),
  };
  const rows: Row[] = [holder, { ...common, Purpse: 'FH', ...holderAddress('CORAD') }];
  s.nominees.forEach((n, i) => {
    rows.push({
      ...common,
      Purpse: 'NM',
      FrstNm: n.name,
      BirthDt: isoDate(n.dob),
      NmneeMnrInd: yesNo(n.minor),
      SrlNbr: String(i + 1),
      NmneePctgOfShr: n.share.toFixed(2),
      FlgForShrPctgEqlty: code(C.flag.no),
      // the odd lot goes to the first nominee (SEBI, 29 May 2026)
      RsdlSecFlg: yesNo(i === 0),
      RltshWthBnfclOwnr: code(C.relation[n.relation as keyof typeof C.relation] ?? C.relation.Others),
      NmnorGrdnAddPrsnt: yesNo(Boolean(n.address)),
      ...(n.address && {
        PurpCd: 'NOMAD',
        Adr1: n.address.line1,
        Adr2: n.address.line2,
        Adr4: n.address.city,
        Ctry: 'INDIA',
        PstCd: n.address.pincode,
        CtrySubDvsnCd: code(stateCode(n.address.state) ?? undefined),
      }),
    });
    // the guardian's address is not collected: MnrNmnGrdnAddPrsnt NO
    if (n.minor)
      rows.push({
        ...common,
        Purpse: 'NMG',
        FrstNm: n.guardianName,
        SrlNbr: String(i + 1),
        MnrNmnGrdnAddPrsnt: yesNo(false),
      });
  });
  if (b.ddpiSince)
    rows.push({
      ...common,
      Purpse: 'POALB',
      POAOrDDPITp: 'DDPI',
      POAOrDDPIId: o.ddpiId,
      SetUpDt: isoDate(b.ddpiSince),
    });
  const lines = [CDSL_HARMONISED_HEADER.join(',')];
  rows.forEach((row, i) => {
    const full: Row = { ...row, RcdSRNumber: String(i + 1) };
    lines.push(CDSL_HARMONISED_HEADER.map((c) => csvCell(full[c])).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** The batch as posted: the file and the signature as `0x`-hex with its size in bytes. */
export function cdslBoBatch(s: RegistrationSubject, o: Parameters<typeof cdslBoFile>[1]): CdslBoBatch {
  const sig = s.bo.signature;
  return {
    BtchId: o.batchId,
    file: cdslBoFile(s, o),
    signatures: sig
      ? [
          {
            RcrdNb: '1',
            SgntryId: SIGNATURE_ID,
            Sgn: `0x${sig.toString('hex').toUpperCase()}`,
            SgntrSz: String(sig.length),
          },
        ]
      : [],
  };
}

const answerSchema = z.object({
  BtchId: z.string(),
  records: z.array(
    z.object({
      RcrdNb: z.string(),
      TxnSts: z.enum(['ACCEPTED', 'REJECTED', 'PENDING']),
      BOId: z.string().nullable(),
      ErrCd: z.string().nullable(),
      ErrDesc: z.string().nullable(),
    }),
  ),
});

export function readCdslAnswer(body: unknown, request: string): RegistrationAnswer {
  const a = answerSchema.parse(body);
  const r = a.records[0];
  const response = JSON.stringify(body);
  if (!r) return { status: 'submitted', reference: null, reason: null, request, response };
  if (r.TxnSts === 'REJECTED')
    return {
      status: 'rejected',
      reference: null,
      reason: `${r.ErrCd ?? ''} ${r.ErrDesc ?? ''}`.trim(),
      request,
      response,
    };
  if (r.TxnSts === 'PENDING' || !r.BOId)
    return { status: 'submitted', reference: null, reason: null, request, response };
  return { status: 'accepted', reference: r.BOId, reason: null, request, response };
}

export class CdslBoRegistrar implements Registrar {
  readonly kind = 'bo_cdsl' as const;
  constructor(private readonly o: CdslBoOptions) {}

  async submit(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const batch = cdslBoBatch(subject, {
      dpId: this.o.dpId,
      batchId: requestId,
      ddpiId: this.o.ddpiId,
      tradingMemberId: this.o.tradingMemberId,
      at: this.o.now?.() ?? new Date(),
    });
    const answer = await fetchJson(`${this.o.baseUrl}/bo/harmonised`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey, 'x-batch-id': requestId },
      body: batch,
      fetch: this.o.fetch,
    });
    return readCdslAnswer(answer, JSON.stringify(batch));
  }

  async check(_subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const answer = await fetchJson(`${this.o.baseUrl}/bo/harmonised/${encodeURIComponent(requestId)}`, {
      headers: { 'x-api-key': this.o.apiKey },
      fetch: this.o.fetch,
    });
    return readCdslAnswer(answer, `GET ${requestId}`);
  }
}
