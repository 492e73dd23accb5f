/**
 * BSE UCC through "UCC_REST_API 2.2": AddUCCData_V5 with the object CLIENTDETAILS_V5, one record
 * per client with a Y/N flag per segment; the password goes in the headers as SHA512(MD5(password)),
 * mandatory since BSE notice 20260123-41 (research/downstream-registrations.md §3.2). UAT base
 * `https://uat.bseindia.in/UCC_REST_API_SERVICE/UCCService.svc`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject } from './port.ts';

export const BSE_UAT_URL = 'https://uat.bseindia.in/UCC_REST_API_SERVICE/UCCService.svc';

export interface BseUccOptions {
  baseUrl: string;
  userId: string;
  memberCode: string;
  password: string;
  codes: Codes;
  fetch?: FetchLike;
}

export const bsePasswordHash = (password: string) =>
  createHash('sha512').update(createHash('md5').update(password).digest('hex')).digest('hex');

const yn = (on: boolean) => (on ? 'Y' : 'N');

export function bseClientDetails(s: RegistrationSubject, memberCode: string, codes: Codes): Record<string, string> {
  const seg = new Set(s.segments.map((code) => codes('segment', code)));
  const address = [s.address.line1, s.address.line2, s.address.line3].filter(Boolean).join(', ');
  const dob = s.dob;
  return {
    TRANSACTIONCODE: 'N',
    BATUSER: memberCode,
    CLIENTTYPE: 'I',
    STATUS: 'CL',
    CATEGORY: '01',
    CLIENTCODE: s.clientCode,
    PANNO: s.pan,
    POLITICALEXPERSON: s.politicallyExposed ? 'PEP' : 'NA',
    ADDRESS1: address,
    PERMNEQUALCORP: 'Y',
    ADDRESS2: address,
    COUNTRY: 'INDIA',
    STATE: s.address.state.toUpperCase(),
    CITY: s.address.city.toUpperCase(),
    PINCODE: s.address.pincode,
    TYPEOFSERVICE: '3',
    CONTACTDETAILS: '2',
    EMAIL: s.email,
    MOBILENUMBER: s.mobile,
    DEPOSITORYNAME1: s.depository,
    DEMANTID1: s.depository === 'NSDL' ? (s.boId ?? '').slice(0, 8) : '',
    BENEFICIALOWNACNTNO1: s.depository === 'NSDL' ? (s.boId ?? '').slice(8) : (s.boId ?? ''),
    PRIMARYORSECONDARYDP1: 'P',
    BANKNAME1: s.bank.bankName,
    ACCOUNTNO1: s.bank.accountNumber,
    BANKBRANCHIFSCCODE1: s.bank.ifsc,
    PRIMARYORSECONDARYBANK1: 'P',
    CLIENTAGGREMENTDATE: s.applicationDate,
    INCOME: codes('income', s.income),
    INCOMEDATE: s.applicationDate,
    ISACTIVE: 'Y',
    FIRSTNAME: s.firstName,
    MIDDLENAME: s.middleName,
    LASTNAME: s.lastName,
    DATEOFBIRTH: dob,
    CLIENTNAME: s.name,
    CASH: yn(seg.has('CASH')),
    EQUITY_DERIVATIVE: yn(seg.has('EQUITY_DERIVATIVE')),
    SLB: 'N',
    CURRENCY: yn(seg.has('CURRENCY')),
    DEBT: 'N',
    COMMDERIVATIVES: 'N',
    EGR: 'N',
    ISPOA: 'N',
    PERCITY: s.address.city.toUpperCase(),
    PERSTATE: s.address.state.toUpperCase(),
    PERCOUNTRY: 'INDIA',
    PERPINCODE: s.address.pincode,
    OPTEDFORNOMINATION: yn(s.nominees.length > 0),
    OPTED_FOR_UPI: 'N',
  };
}

const answerSchema = z.object({
  STATUS: z.enum(['SUCCESS', 'FAILED']),
  CLIENTCODE: z.string().nullable(),
  REMARKS: z.string().nullable(),
});

export function readBseAnswer(body: unknown, request: string): RegistrationAnswer {
  const a = answerSchema.parse(body);
  const response = JSON.stringify(body);
  if (a.STATUS === 'FAILED')
    return { status: 'rejected', reference: null, reason: a.REMARKS ?? 'Refused by BSE', request, response };
  return { status: 'accepted', reference: a.CLIENTCODE, reason: null, request, response };
}

export class BseUccRegistrar implements Registrar {
  readonly kind = 'ucc_bse' as const;
  constructor(private readonly o: BseUccOptions) {}

  private headers(requestId: string) {
    return {
      UserId: this.o.userId,
      MemberCode: this.o.memberCode,
      Password: bsePasswordHash(this.o.password),
      RequestId: requestId,
    };
  }

  async submit(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const body = { CLIENTDETAILS_V5: bseClientDetails(subject, this.o.memberCode, this.o.codes) };
    const answer = await fetchJson(`${this.o.baseUrl}/AddUCCData_V5`, {
      method: 'POST',
      headers: this.headers(requestId),
      body,
      fetch: this.o.fetch,
    });
    return readBseAnswer(answer, JSON.stringify(body));
  }

  async check(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const body = { CLIENTCODE: subject.clientCode };
    const answer = await fetchJson(`${this.o.baseUrl}/GetUCCStatus_V5`, {
      method: 'POST',
      headers: this.headers(requestId),
      body,
      fetch: this.o.fetch,
    });
    return readBseAnswer(answer, JSON.stringify(body));
  }
}
