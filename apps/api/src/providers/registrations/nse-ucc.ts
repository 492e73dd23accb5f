/**
 * NSE Unique Client Code through the UCI "Client Profiling API": one NSEEntry per client per
 * segment, with the real NSE JSON keys in the order a live integration sends them
 * (research/downstream-registrations.md §3.1; NSE master circular ISC73973, 30 Apr 2026). NSE checks
 * PAN, name and date of birth against the income-tax record: all three → PAN status A, else I.
 * The endpoint and its authentication are member-only: the base URL and credentials are settings.
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

/** The NSEEntry records of one client: one per NSE segment chosen. */
export function nseEntries(s: RegistrationSubject, memberCode: string, codes: Codes): Record<string, string>[] {
  const segments = s.segments.map((code) => codes('segment', code)).filter((seg) => seg !== '');
  const state = codes('state', s.address.state.toUpperCase());
  return [...new Set(segments)].map((segInd) => ({
    ccdMemCd: memberCode,
    ccdAcctType: 'CLIENT',
    // UPI for block mechanism: cash segment only, "NA" elsewhere
    ccdOptForUpi: segInd === 'C' ? 'N' : 'NA',
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
    ccdDeposId: s.depository === 'NSDL' ? (s.boId ?? '').slice(0, 8) : '',
    ccdBenAcctNo: s.depository === 'NSDL' ? (s.boId ?? '').slice(8) : (s.boId ?? ''),
    ccdPriSecDp: 'P',
    ccdSegInd: segInd,
    ccdDob: reorderDate(s.dob, 'DD-MM-YYYY'),
    ccdAddLine1: s.address.line1,
    ccdAddLine2: s.address.line2,
    ccdAddLine3: s.address.line3,
    ccdAddCity: s.address.city,
    ccdAddState: state,
    ccdAddStateOth: state === '99' ? s.address.state : '',
    ccdAddCountry: codes('country', s.address.country),
    ccdPinCode: s.address.pincode,
    ccdMobile: s.mobile,
    ccdEmail: s.email,
    ccdIpv: 'Y',
    ccdCltStatus: 'A',
    ccdGender: codes('gender', s.gender),
    ccdGuardianName: s.fatherName,
    ccdMaritlStatus: codes('marital', s.maritalStatus),
    ccdNationality: '1',
    ccdPermantAddFlg: 'Y',
    ccdUid: s.aadhaarLast4 ? 'Y' : 'N',
    ccdGrosAnnlRnge: codes('income', s.income),
    ccdGrosAnnlAsdate: reorderDate(s.applicationDate, 'DD-MM-YYYY'),
    ccdPep: s.politicallyExposed ? '1' : '0',
    ccdOccupation: codes('occupation', s.occupation),
    ccdOccupationDtls: '',
    ccdPoaFunds: 'N',
    ccdPoaSecurities: 'N',
    ccdNomFlag: s.nominees.length ? 'Y' : 'N',
  }));
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
