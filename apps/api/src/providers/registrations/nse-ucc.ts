/**
 * NSE Unique Client Code through the UCI "Client Profiling API": one NSEEntry per client per
 * segment, with NSE's JSON keys, all of them, in the order of a live integration
 * (lyikadmin/lyik_w2w_plugins ucc_data_parser_plugins/src/lyik/ucc_data_parsers.py, NSEEntry at
 * lines 253-420: "for NSE api invocation, optional fields to be filled with ''"); values as its
 * nse_utility.py gives them (research/downstream-registrations.md §3.1; NSE master circular
 * ISC73973). NSE checks PAN, name and date of birth against the income-tax record: all three → PAN
 * status A, else I. The endpoint and its authentication are member-only: the base URL and
 * credentials are settings.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject, reorderDate } from './port.ts';

export interface NseUccOptions {
  baseUrl: string;
  memberCode: string;
  apiKey: string;
  codes: Codes;
  fetch?: FetchLike;
}

/** Every NSEEntry key, in order (ucc_data_parsers.py lines 254-420); an optional key is sent as ''. */
export const NSE_ENTRY_KEYS = [
  'ccdMemCd',
  'ccdAcctType',
  'ccdOptForUpi',
  'ccdCd',
  'ccdName',
  'ccdCategory',
  'ccdTelNo',
  'ccdAgrDt',
  'ccdPanNo',
  'ccdBankName',
  'ccdBankIfsc',
  'ccdBankAcctNo',
  'ccdPriSecBnk',
  'ccdDeposName',
  'ccdBenAcctNo',
  'ccdDeposId',
  'ccdPriSecDp',
  'ccdRegNo',
  'ccdRegAuth',
  'ccdPlcReg',
  'ccdDtReg',
  'ccdSegInd',
  'ccdDob',
  'ccdAddLine1',
  'ccdAddLine2',
  'ccdAddLine3',
  'ccdAddCity',
  'ccdAddState',
  'ccdAddCountry',
  'ccdPinCode',
  'ccdTelIsd',
  'ccdTelStd',
  'ccdMobile',
  'ccdEmail',
  'ccdProofType',
  'ccdProofNo',
  'ccdIssPlcProof',
  'ccdIssDtProof',
  'ccdDir1Name',
  'ccdDir2Name',
  'ccdDir3Name',
  'ccdDir1Desig',
  'ccdDir2Desig',
  'ccdDir3Desig',
  'ccdDir1Pan',
  'ccdDir2Pan',
  'ccdDir3Pan',
  'ccdDir1Add',
  'ccdDir2Add',
  'ccdDir3Add',
  'ccdDir1TelNo',
  'ccdDir2TelNo',
  'ccdDir3TelNo',
  'ccdDir1Email',
  'ccdDir2Email',
  'ccdDir3Email',
  'ccdIpv',
  'ccdUccCd',
  'ccdRelationship',
  'ccdTvFlag',
  'ccdFacilityType',
  'ccdCin',
  'ccdCltStatus',
  'ccdCltStatusReason',
  'ccdGender',
  'ccdGuardianName',
  'ccdMaritlStatus',
  'ccdNationality',
  'ccdPermantAddFlg',
  'ccdPermAddLine1',
  'ccdPermAddLine2',
  'ccdPermAddLine3',
  'ccdPermAddCity',
  'ccdPermAddState',
  'ccdPermAddCountry',
  'ccdPermPin',
  'ccdOffcIsd',
  'ccdOffcStd',
  'ccdTelOffice',
  'ccdUid',
  'ccdBankName2',
  'ccdBankIfsc2',
  'ccdBankAcctNo2',
  'ccdPriSecBnk2',
  'ccdBankName3',
  'ccdBankAcctNo3',
  'ccdPriSecBnk3',
  'ccdBankIfsc3',
  'ccdBankName4',
  'ccdBankAcctNo4',
  'ccdPriSecBnk4',
  'ccdBankIfsc4',
  'ccdBankName5',
  'ccdBankAcctNo5',
  'ccdPriSecBnk5',
  'ccdBankIfsc5',
  'ccdDeposName2',
  'ccdDeposId2',
  'ccdBenAcctNo2',
  'ccdPriSecDp2',
  'ccdDeposName3',
  'ccdDeposId3',
  'ccdBenAcctNo3',
  'ccdPriSecDp3',
  'ccdDeposName4',
  'ccdDeposId4',
  'ccdBenAcctNo4',
  'ccdPriSecDp4',
  'ccdDeposName5',
  'ccdDeposId5',
  'ccdBenAcctNo5',
  'ccdPriSecDp5',
  'ccdGrosAnnlRnge',
  'ccdGrosAnnlAsdate',
  'ccdNetWorth',
  'ccdNetWorthAsdate',
  'ccdPep',
  'ccdPoi',
  'ccdOccupation',
  'ccdOccupationDtls',
  'ccdBusComDt',
  'ccdCpCd',
  'ccdClntTyp',
  'ccdDinCntrctPerson1',
  'ccdUidCntrctPerson1',
  'ccdDinCntrctPerson2',
  'ccdUidCntrctPerson2',
  'ccdDinCntrctPerson3',
  'ccdUidCntrctPerson3',
  'ccdDir4Name',
  'ccdDir4Desig',
  'ccdDir4Pan',
  'ccdDir4Add',
  'ccdDir4TelNo',
  'ccdDinCntrctPerson4',
  'ccdUidCntrctPerson4',
  'ccdDir4Email',
  'ccdDir5Name',
  'ccdDir5Desig',
  'ccdDir5Pan',
  'ccdDir5Add',
  'ccdDir5TelNo',
  'ccdDinCntrctPerson5',
  'ccdUidCntrctPerson5',
  'ccdDir5Email',
  'ccdNationalityOth',
  'ccdPermAddStateOth',
  'ccdAddStateOth',
  'ccdPoaFunds',
  'ccdPoaSecurities',
  'ccdCpName',
  'ccdCpPan',
  'ccdCpEmail',
  'ccdCpStd',
  'ccdCpIsd',
  'ccdCpTel',
  'ccdCpMob',
  'ccdCpAdd',
  'ccdCpAddCity',
  'ccdCpAddState',
  'ccdCpAddStateOth',
  'ccdCpAddCountry',
  'ccdCpAddPin',
  'ccdNomFlag',
] as const;
type NseKey = (typeof NSE_ENTRY_KEYS)[number];

/** The NSEEntry records of one client: one per NSE segment chosen. */
export function nseEntries(s: RegistrationSubject, memberCode: string, codes: Codes): Record<NseKey, string>[] {
  const segments = s.segments.map((code) => codes('segment', code)).filter((seg) => seg !== '');
  // a segment the client stopped: its entry is sent again with the client status I (inactive)
  const stopped = new Set(
    (s.deactivatedSegments ?? []).map((code) => codes('segment', code)).filter((seg) => seg && !segments.includes(seg)),
  );
  const state = codes('state', s.address.state.toUpperCase());
  const depositoryId = s.depository === 'NSDL' ? (s.boId ?? '').slice(0, 8) : '';
  const beneficiary = s.depository === 'NSDL' ? (s.boId ?? '').slice(8) : (s.boId ?? '');
  return [...new Set(segments), ...stopped].map((segInd) => {
    const v: Partial<Record<NseKey, string>> = {
      ccdMemCd: memberCode,
      ccdAcctType: 'CLIENT',
      // UPI for the block mechanism (ISC73973): the client's choice in the cash segment, NA elsewhere
      // (nse_utility.py opted_for_upi_value: "ccdOptForUpi should be NA for other than C")
      ccdOptForUpi: segInd === 'C' ? (s.upiOptIn ? 'Y' : 'N') : 'NA',
      ccdCd: s.clientCode,
      ccdName: s.name,
      ccdCategory: '1',
      ccdAgrDt: reorderDate(s.applicationDate, 'DD-MM-YYYY'),
      ccdPanNo: s.pan,
      ccdBankName: s.bank.bankName,
      ccdBankIfsc: s.bank.ifsc,
      ccdBankAcctNo: s.bank.accountNumber,
      ccdPriSecBnk: 'P',
      ccdDeposName: s.depository,
      ccdBenAcctNo: beneficiary,
      ccdDeposId: depositoryId,
      ccdPriSecDp: 'P',
      ccdSegInd: segInd,
      ccdDob: reorderDate(s.dob, 'DD-MM-YYYY'),
      ccdAddLine1: s.address.line1,
      ccdAddLine2: s.address.line2,
      ccdAddLine3: s.address.line3,
      ccdAddCity: s.address.city,
      ccdAddState: state,
      ccdAddCountry: codes('country', s.address.country),
      ccdPinCode: s.address.pincode,
      ccdMobile: s.mobile,
      ccdEmail: s.email,
      ccdIpv: 'Y',
      // C: closed on the client's request (research §3.4: client status A/I/C)
      ccdCltStatus: s.closure ? 'C' : stopped.has(segInd) ? 'I' : 'A',
      ...(s.closure && { ccdCltStatusReason: 'Closed at client request' }),
      ...(!s.closure && stopped.has(segInd) && { ccdCltStatusReason: 'Segment deactivated at client request' }),
      ccdGender: codes('gender', s.gender),
      // a minor's guardian; the source's father/spouse substitution is the bug it flags itself
      ccdGuardianName: s.guardianName,
      ccdMaritlStatus: codes('marital', s.maritalStatus),
      ccdNationality: '1',
      ccdPermantAddFlg: 'Y',
      // the source sends '' (line 335): the Aadhaar number is never kept here, so nothing else can be sent
      ccdUid: '',
      ccdGrosAnnlRnge: codes('income', s.income),
      ccdGrosAnnlAsdate: reorderDate(s.applicationDate, 'DD-MM-YYYY'),
      ccdPep: s.politicallyExposed ? '1' : '0',
      ccdOccupation: codes('occupation', s.occupation),
      ccdAddStateOth: state === '99' ? s.address.state : '',
      ccdPoaFunds: 'N',
      ccdPoaSecurities: 'N',
      ccdNomFlag: s.nominees.length ? 'Y' : 'N',
    };
    return Object.fromEntries(NSE_ENTRY_KEYS.map((k) => [k, v[k] ?? ''])) as Record<NseKey, string>;
  });
}

const answerSchema = z.object({
  status: z.enum(['SUCCESS', 'FAILURE']),
  reqId: z.string(),
  data: z.array(
    z.object({
      ccdCd: z.string(),
      ccdSegInd: z.string(),
      ccdPanSts: z.enum(['A', 'I']).nullable(),
      ccdCltStatus: z.string().nullable(),
      errorDesc: z.string().nullable(),
    }),
  ),
});

export function readNseAnswer(body: unknown, request: string): RegistrationAnswer {
  const a = answerSchema.parse(body);
  const refused = a.data.find((d) => d.errorDesc || d.ccdPanSts === 'I');
  const response = JSON.stringify(body);
  if (a.status === 'FAILURE' || refused)
    return { status: 'rejected', reference: null, reason: refused?.errorDesc ?? 'Refused by NSE', request, response };
  return { status: 'accepted', reference: a.data[0]?.ccdCd ?? null, reason: null, request, response };
}

export class NseUccRegistrar implements Registrar {
  readonly kind = 'ucc_nse' as const;
  constructor(private readonly o: NseUccOptions) {}

  async submit(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const body = { reqId: requestId, NSEEntry: nseEntries(subject, this.o.memberCode, this.o.codes) };
    const request = JSON.stringify(body);
    const answer = await fetchJson(`${this.o.baseUrl}/ucc/client-profiling`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey },
      body,
      fetch: this.o.fetch,
    });
    return readNseAnswer(answer, request);
  }

  async check(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const url = `${this.o.baseUrl}/ucc/client-profiling/${encodeURIComponent(requestId)}`;
    const answer = await fetchJson(url, { headers: { 'x-api-key': this.o.apiKey }, fetch: this.o.fetch });
    return readNseAnswer(answer, `GET ${subject.clientCode}`);
  }
}
