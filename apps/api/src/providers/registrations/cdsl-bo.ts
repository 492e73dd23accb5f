/**
 * CDSL BO account set-up in the harmonised ("ISO tag") BO file both depositories take since the
 * 2024-25 harmonisation: one CSV, the header below in this order, rows grouped by RcrdNb (one BO
 * request) with RcdSRNumber as the row serial, one row per party or address (`Purpse` FH holder,
 * NM nominee; `PurpCd` CORAD/PERAD for addresses), BOTxnTyp BOSET (research §4.1, from a DP's
 * harmonisation import dated 24 Oct 2024 .. 9 Aug 2025). CDSL answers per RcrdNb with an error code
 * or the 16-digit BO id (8-digit DP id + 8-digit client id). The transport is member-only: the
 * file is posted to the configured URL.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject, reorderDate } from './port.ts';

/** The harmonised BO file header, in order. */
export const CDSL_HARMONISED_HEADER = [
  'CntrlSctiesDpstryPtcpt',
  'BrnchId',
  'BtchId',
  'SndrId',
  'CntrlSctiesDpstryPtcptRole',
  'SndrDt',
  'RcvDt',
  'RcrdNb',
  'RcdSRNumber',
  'BOTxnTyp',
  'ClntId',
  'PrdNb',
  'BnfcrySubTp',
  'Purpse',
  'Titl',
  'FrstNm',
  'MddlNm',
  'LastNm',
  'FSfx',
  'BnfcryShrtNm',
  'ScndHldrNmOfFthr',
  'BirthDt',
  'Gndr',
  'PAN',
  'PANVrfyFlg',
  'PANXmptnCd',
  'UID',
  'AdhrAuthntcnWthUID',
  'RsnForNonUpdtdAdhr',
  'VID',
  'SMSFclty',
  'PrmryISDCd',
  'MobNb',
  'FmlyFlgForMobNbOf',
  'ScndryISDCd',
  'PhneNb',
  'EmailAdr',
  'FmlyFlgForEmailAdr',
  'AltrnEmailAdr',
  'NoNmntnFlg',
  'MdOfOpr',
  'ClrMmbId',
  'StgInstr',
  'GrssAnlIncmRg',
  'NetWrth',
  'NetWrthAsOnDt',
  'LEI',
  'LEIExp',
  'OneTmDclrtnFlgForGSECIDT',
  'INIFSC',
  'MICRCd',
  'DvddCcy',
  'DvddBkCcy',
  'RBIApprvdDt',
  'RBIRefNb',
  'Mndt',
  'SEBIRegNb',
  'EdctnLvl',
  'AnlRptFlg',
  'BnfclOwnrSttlmCyclCd',
  'ElctrncConf',
  'EmailRTADwnldFlg',
  'GeoCd',
  'Xchg',
  'MntlDsblty',
  'Ntlty',
  'CASMd',
  'AncstrlFlg',
  'PldgStgInstrFlg',
  'BkAcctTp',
  'BnfcryAcctCtgy',
  'BnfcryBkAcctNb',
  'BnfcryBkNm',
  'BnfcryTaxDdctnSts',
  'ClrSysId',
  'BSDAFlg',
  'Ocptn',
  'PMSClntAcctFlg',
  'PMSSEBIRegnNb',
  'PostvConf',
  'FrstClntOptnToRcvElctrncStmtFlg',
  'ComToBeSentTo',
  'DelFlg',
  'RsnCdDeltn',
  'DtOfDeath',
  'AccntOpSrc',
  'CustdPmsEmailId',
  'POAOrDDPITp',
  'TradgId',
  'SndrRefNb1',
  'SndrRefNb2',
  'CtdnFlg',
  'DmtrlstnGtwy',
  'NmneeMnrInd',
  'SrlNbr',
  'NmneePctgOfShr',
  'FlgForShrPctgEqlty',
  'RsdlSecFlg',
  'RltshWthBnfclOwnr',
  'NbOfPOAMppng',
  'POAId',
  'POAToOprtAcct',
  'POAOrDDPIId',
  'SetUpDt',
  'FrDt',
  'ToDt',
  'GPABPAFlg',
  'POAMstrID',
  'PoaLnkPurpCd',
  'Rmk',
  'BOUCCLkFlg',
  'CnsntInd',
  'UnqClntId',
  'Brkr',
  'Sgmt',
  'MapUMapFlg',
  'CmAcctToMap',
  'PurpCd',
  'AdrPrefFlg',
  'Adr1',
  'Adr2',
  'Adr3',
  'Adr4',
  'Ctry',
  'PstCd',
  'CtrySubDvsnCd',
  'CitySeqNb',
  'FaxNb',
  'ITCrcl',
  'ProofOfRes',
  'NbOfCoprcnrs',
  'SgntryId',
  'SgntrSz',
  'BnfclOwnrAcctOfPMSFlg',
  'CrspdngBPId',
  'ClngMbrPAN',
  'LclAddPrsnt',
  'BnkAddPrsnt',
  'NmnorGrdnAddPrsnt',
  'MnrNmnGrdnAddPrsnt',
  'FrgnOrCorrAddPrsnt',
  'NbOfAuthSgnt',
  'AuthFlg',
  'CoprcnrOrMmbr',
  'TypMod',
  'SubTypMod',
  'StsChgRsnOrClsrRsnCd',
  'NmChgRsnCd',
  'ExecDt',
  'AddModDelInd',
  'AppKrta',
  'ChgKrtaRsn',
  'DtIntmnBO',
  'PrfDpstryFldFrCAS',
  'CoprcnrsId',
  'ClsrInitBy',
  'RmngBal',
  'CANm',
  'CertNbr',
  'CertXpryDt',
  'NbrPOASgntryReqSign',
  'DpstryInd',
  'AcctTyp',
  'SrcCMBPID',
  'TrgtDPID',
  'TrgtClntID',
  'SrlFlg',
  'UPIId',
  'SignTyp',
  'NBOID',
  'ClntBsdaOptOutDt',
  'CtrySubDvsnNm',
  'RsnBSDAMod',
  'DtIntmnDms',
  'Drl',
  'Psprt',
  'NmStmtFlg',
  'RsnDlayClsReq',
  'Rsvd1',
  'Rsvd2',
  'Rsvd3',
  'Rsvd4',
] as const;
type Column = (typeof CDSL_HARMONISED_HEADER)[number];
type Row = Partial<Record<Column, string>>;

export interface CdslBoOptions {
  baseUrl: string;
  /** The DP id of the broker at CDSL (8 digits). */
  dpId: string;
  apiKey: string;
  codes: Codes;
  fetch?: FetchLike;
  now?: () => Date;
}

const csvCell = (v: string | undefined) => {
  const s = v ?? '';
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The BO set-up request of one applicant: holder row, correspondence and permanent address rows, nominee rows. */
export function cdslBoFile(
  s: RegistrationSubject,
  o: { dpId: string; batchId: string; codes: Codes; at: Date },
): string {
  const sent = o.at.toISOString().slice(0, 10).replace(/-/g, '');
  const common: Row = {
    CntrlSctiesDpstryPtcpt: o.dpId,
    BtchId: o.batchId,
    SndrId: o.dpId,
    CntrlSctiesDpstryPtcptRole: 'DP',
    SndrDt: sent,
    RcrdNb: '1',
    BOTxnTyp: 'BOSET',
    BnfcrySubTp: 'INRES',
  };
  const address = (purpCd: 'CORAD' | 'PERAD'): Row => ({
    ...common,
    Purpse: 'FH',
    PurpCd: purpCd,
    Adr1: s.address.line1,
    Adr2: s.address.line2,
    Adr3: s.address.line3,
    Adr4: s.address.city,
    Ctry: o.codes('country', s.address.country),
    PstCd: s.address.pincode,
    CtrySubDvsnNm: s.address.state,
  });
  const rows: Row[] = [
    {
      ...common,
      Purpse: 'FH',
      FrstNm: s.firstName,
      MddlNm: s.middleName,
      LastNm: s.lastName,
      ScndHldrNmOfFthr: s.fatherName,
      BirthDt: reorderDate(s.dob, 'YYYYMMDD'),
      Gndr: o.codes('gender', s.gender),
      PAN: s.pan,
      PANVrfyFlg: 'PANVAL',
      UID: s.aadhaarLast4 ? `XXXXXXXX${s.aadhaarLast4}` : '',
      AdhrAuthntcnWthUID: s.aadhaarLast4 ? 'ADRV' : '',
      SMSFclty: 'Y',
      PrmryISDCd: '91',
      MobNb: s.mobile,
      FmlyFlgForMobNbOf: 'SE',
      EmailAdr: s.email,
      FmlyFlgForEmailAdr: 'SE',
      NoNmntnFlg: s.nominees.length ? 'N' : 'Y',
      MdOfOpr: 'SLHLD',
      GrssAnlIncmRg: o.codes('income', s.income),
      INIFSC: s.bank.ifsc,
      MICRCd: s.bank.micr,
      AnlRptFlg: 'ELC',
      BnfclOwnrSttlmCyclCd: 'EM',
      ElctrncConf: 'Y',
      EmailRTADwnldFlg: 'Y',
      Ntlty: 'IN',
      BkAcctTp: s.bank.accountType === 'current' ? 'CURR' : 'SAVG',
      BnfcryBkAcctNb: s.bank.accountNumber,
      BnfcryBkNm: s.bank.bankName,
      BnfcryTaxDdctnSts: 'RI',
      BSDAFlg: 'NBSD',
      Ocptn: o.codes('occupation', s.occupation),
      FrstClntOptnToRcvElctrncStmtFlg: 'Y',
      ComToBeSentTo: 'FIH',
      AccntOpSrc: 'OLAO',
      BOUCCLkFlg: 'Y',
      CnsntInd: 'Y',
      UnqClntId: s.clientCode,
    },
    address('CORAD'),
    address('PERAD'),
    ...s.nominees.map((n, i): Row => ({
      ...common,
      Purpse: 'NM',
      FrstNm: n.name,
      NmneeMnrInd: 'N',
      SrlNbr: String(i + 1),
      NmneePctgOfShr: n.share.toFixed(2),
      FlgForShrPctgEqlty: 'N',
      RsdlSecFlg: i === 0 ? 'Y' : 'N',
      RltshWthBnfclOwnr: n.relation,
    })),
  ];
  const lines = [CDSL_HARMONISED_HEADER.join(',')];
  rows.forEach((row, i) => {
    const full: Row = { ...row, RcdSRNumber: String(i + 1) };
    lines.push(CDSL_HARMONISED_HEADER.map((c) => csvCell(full[c])).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
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
    const file = cdslBoFile(subject, {
      dpId: this.o.dpId,
      batchId: requestId,
      codes: this.o.codes,
      at: this.o.now?.() ?? new Date(),
    });
    const answer = await fetchJson(`${this.o.baseUrl}/bo/harmonised`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey, 'x-batch-id': requestId },
      text: { contentType: 'text/csv', body: file },
      fetch: this.o.fetch,
    });
    return readCdslAnswer(answer, file);
  }

  async check(_subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const answer = await fetchJson(`${this.o.baseUrl}/bo/harmonised/${encodeURIComponent(requestId)}`, {
      headers: { 'x-api-key': this.o.apiKey },
      fetch: this.o.fetch,
    });
    return readCdslAnswer(answer, `GET ${requestId}`);
  }
}
