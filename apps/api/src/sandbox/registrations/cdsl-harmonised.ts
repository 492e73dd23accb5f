/**
 * The sandbox CDSL's reading of a harmonised ("ISO tag") BO set-up batch, written from the public
 * sources, not from the adapter: the header as a DP's harmonisation procedure writes it
 * (Madan-U/DDL-Backups 10.253.33.190_20260205_180221/DMAT/citrus_usr.pr_import_dp_Harmonization.sql),
 * the values as a live integration emits them (lyikadmin/lyik_w2w_plugins
 * cdsl_demat_data_parser_plugins/src/lyik/test.json:1 and cdsl_demat_utilities/utility.py), the
 * state codes of the harmonised records ("Appendix 6", IDX 54539068565). It answers the first
 * problem a depository would refuse the request for, naming the field.
 */

/** The harmonised BO file's columns, in order (transcribed from the DP's procedure). */
const HEADER = [
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
type Column = (typeof HEADER)[number];

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

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const YES_NO = ['YES', 'NO'];
/** The values each coded column may take (source beside each list). */
const ALLOWED: Partial<Record<Column, readonly string[]>> = {
  // utility.py purpose_value(): FH SH TH NM NMG; POALB: the DDPI link row (research §4.1)
  Purpse: ['FH', 'SH', 'TH', 'NM', 'NMG', 'POALB'],
  // test.json:1 "Gndr":"MALE"; utility.py gender_value() FMALE, TRGEN
  Gndr: ['MALE', 'FMALE', 'TRGEN'],
  // utility.py pan_verification_flag()
  PANVrfyFlg: ['PANVAL', 'PANVNS', 'AEXMPT'],
  // utility.py gross_income_value()
  GrssAnlIncmRg: ['UPT1L', '1LT5L', '5LTXL', 'XLTXXV', '25T1CR', 'GT1CR'],
  // utility.py occupation_value()
  Ocptn: ['PUS', 'PRS', 'GOV', 'BUS', 'PRO', 'FAR', 'RET', 'HOU', 'STU', 'OTH'],
  // utility.py bsda_flag_value()
  BSDAFlg: ['BSDA', 'NBSD'],
  // test.json:1 "MdOfOpr":"SLHLD"; utility.py mode_of_operation_value()
  MdOfOpr: ['SLHLD', 'JTHLDR', 'ANOSUR'],
  // test.json:1 "PrdNb":"IND"
  PrdNb: ['IND'],
  // test.json:1 "AccntOpSrc":"OLAO"
  AccntOpSrc: ['OLAO'],
  // test.json:1 PERAD, NOMAD (NM), MNGAD (NMG); utility.py holder_purpose_code_value() CORAD
  PurpCd: ['PERAD', 'CORAD', 'NOMAD', 'MNGAD'],
  SMSFclty: YES_NO,
  ElctrncConf: YES_NO,
  EmailRTADwnldFlg: YES_NO,
  NmneeMnrInd: YES_NO,
  FlgForShrPctgEqlty: YES_NO,
  RsdlSecFlg: YES_NO,
  NmnorGrdnAddPrsnt: YES_NO,
  MnrNmnGrdnAddPrsnt: YES_NO,
  BOUCCLkFlg: YES_NO,
  CnsntInd: YES_NO,
  // IDX 54539068565: nominees given NO, none OON
  NoNmntnFlg: ['NO', 'OON'],
  // IDX 54539068565: SVG CUR CCR
  BkAcctTp: ['SVG', 'CUR', 'CCR'],
};
/** Filled on the first holder's row for a BO upload (cdsl_demat_data_parser.py: "Mandatory for BO Upload"). */
const HOLDER_MANDATORY: Column[] = [
  'BrnchId',
  'PrdNb',
  'FrstNm',
  'BirthDt',
  'Gndr',
  'PAN',
  'PANVrfyFlg',
  'PrmryISDCd',
  'MobNb',
  'MdOfOpr',
  'GrssAnlIncmRg',
  'INIFSC',
  'BkAcctTp',
  'BnfcryAcctCtgy',
  'BnfcryBkAcctNb',
  'BSDAFlg',
  'Ocptn',
  'AccntOpSrc',
  'SndrRefNb1',
  'PurpCd',
  'Adr1',
  'Ctry',
  'PstCd',
  'CtrySubDvsnCd',
];

export interface CdslBatch {
  BtchId: string;
  file: string;
  signatures: { RcrdNb: string; SgntryId: string; Sgn: string; SgntrSz: string }[];
}
export type CdslReading = { ok: false; status: 400; error: string } | { ok: true; pan: string; problem: string | null };

/** Reads a batch for the DP `dpId`: a malformed file is a 400; a refusable one names its problem. */
export function readCdslBatch(batch: CdslBatch, dpId: string): CdslReading {
  const [header, ...rows] = parseCsv(batch.file).filter((r) => r.some(Boolean));
  if (!header || header.length !== HEADER.length || header.some((c, i) => c !== HEADER[i]))
    return { ok: false, status: 400, error: 'The file header is not the harmonised BO header' };
  if (rows.some((r) => r.length !== HEADER.length))
    return { ok: false, status: 400, error: `Each row has ${HEADER.length} fields` };
  const at = (row: string[], col: Column) => row[HEADER.indexOf(col)] ?? '';
  const holder = rows.find((r) => at(r, 'Purpse') === 'FH');
  // BOSET opens the account; BOMOD modifies it and BOCLS closes it (a client's request after
  // opening), every row alike
  const txn = holder ? at(holder, 'BOTxnTyp') : '';
  if (
    !holder ||
    !['BOSET', 'BOMOD', 'BOCLS'].includes(txn) ||
    rows.some((r) => at(r, 'BOTxnTyp') !== txn || at(r, 'CntrlSctiesDpstryPtcpt') !== dpId)
  )
    return { ok: false, status: 400, error: 'A BOSET, BOMOD or BOCLS request needs a first-holder row from this DP' };
  const pan = at(holder, 'PAN');
  return { ok: true, pan, problem: problemOf(rows, holder, at, batch.signatures) };
}

function problemOf(
  rows: string[][],
  holder: string[],
  at: (row: string[], col: Column) => string,
  signatures: CdslBatch['signatures'],
): string | null {
  for (const [i, r] of rows.entries()) {
    if (at(r, 'RcrdNb') !== '1' || at(r, 'RcdSRNumber') !== String(i + 1)) return `Invalid RcdSRNumber in row ${i + 1}`;
    if (at(r, 'BrnchId') !== '000000') return 'Invalid BrnchId';
    for (const [col, allowed] of Object.entries(ALLOWED) as [Column, readonly string[]][])
      if (at(r, col) && !allowed.includes(at(r, col))) return `Invalid ${col}`;
    for (const col of ['BirthDt', 'SetUpDt'] as const)
      if (at(r, col) && !ISO_DATE.test(at(r, col))) return `Invalid ${col}`;
    if (at(r, 'CtrySubDvsnCd') && !/^([1-9]|[1-3]\d)$/.test(at(r, 'CtrySubDvsnCd'))) return 'Invalid CtrySubDvsnCd';
  }
  const missing = HOLDER_MANDATORY.find((c) => !at(holder, c));
  if (missing) return `${missing} is mandatory`;
  if (!PAN.test(at(holder, 'PAN'))) return 'Invalid PAN';
  if (!/^[1-9]\d{5}$/.test(at(holder, 'PstCd'))) return 'Invalid PstCd';
  if (!rows.some((r) => at(r, 'Purpse') === 'FH' && at(r, 'PurpCd') === 'CORAD'))
    return 'Correspondence address row missing';
  const nominees = rows.filter((r) => at(r, 'Purpse') === 'NM');
  if ((at(holder, 'NoNmntnFlg') === 'OON') !== (nominees.length === 0))
    return 'NoNmntnFlg does not match the nominee rows';
  if (nominees.length) {
    const total = nominees.reduce((sum, r) => sum + Number(at(r, 'NmneePctgOfShr')), 0);
    if (Math.abs(total - 100) > 0.001) return 'NmneePctgOfShr does not total 100';
  }
  for (const n of nominees) {
    if (!at(n, 'FrstNm') || !at(n, 'RltshWthBnfclOwnr') || !at(n, 'NmneeMnrInd'))
      return 'A nominee needs FrstNm, RltshWthBnfclOwnr and NmneeMnrInd';
    if (at(n, 'NmneeMnrInd') === 'YES') {
      if (!at(n, 'BirthDt')) return 'A minor nominee needs BirthDt';
      const guardian = rows.find((r) => at(r, 'Purpse') === 'NMG' && at(r, 'SrlNbr') === at(n, 'SrlNbr'));
      if (!guardian || !at(guardian, 'FrstNm')) return 'A minor nominee needs a guardian (NMG) row';
    }
  }
  for (const p of rows.filter((r) => at(r, 'Purpse') === 'POALB'))
    if (at(p, 'POAOrDDPITp') !== 'DDPI' || !at(p, 'POAOrDDPIId') || !at(p, 'SetUpDt'))
      return 'Invalid DDPI (POALB) row';
  if (at(holder, 'SgntrSz')) {
    const sig = signatures.find((g) => g.SgntryId === at(holder, 'SgntryId'));
    if (!sig || !/^0x[0-9A-F]+$/.test(sig.Sgn)) return 'Signature missing or not hex';
    if ((sig.Sgn.length - 2) / 2 !== Number(at(holder, 'SgntrSz')) || sig.SgntrSz !== at(holder, 'SgntrSz'))
      return 'SgntrSz does not match the signature';
  }
  return null;
}
