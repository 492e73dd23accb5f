/**
 * NSDL BO account through the "Account Opening API for Participants" (participant app → NSDL
 * Insta Interface → CDS; single holding only; nsdl.co.in/API-BP/api_brief.html), with the JSON
 * body a live integration sends (`instr.beneficiaryDetails`, `instr.bankDetails`; research §4.2).
 * The endpoint, its authentication and the answer's shape are member-only: the answer is read as
 * `{status, dpId, clientId, reason}`. The NSDL BO id is "IN" + 6-digit DP id + 8-digit client id.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject, reorderDate } from './port.ts';

export interface NsdlBoOptions {
  baseUrl: string;
  dpId: string;
  apiKey: string;
  codes: Codes;
  fetch?: FetchLike;
}

export function nsdlInstruction(s: RegistrationSubject, dpId: string, codes: Codes) {
  const address = (addressType: string) => ({
    addressType,
    addressLine1: s.address.line1,
    addressLine2: s.address.line2,
    addressLine3: s.address.line3,
    city: s.address.city,
    statecode: s.address.state,
    countrycode: codes('country', s.address.country),
    pincode: s.address.pincode,
  });
  return {
    instr: {
      beneficiaryDetails: {
        primaryBeneficiary: {
          name: s.name,
          shortName: s.firstName,
          pan: s.pan,
          panFlag: 'Y',
          grossAnnualIncome: codes('income', s.income),
          dob: reorderDate(s.dob, 'YYYYMMDD'),
          gender: codes('gender', s.gender),
          aadhar: s.aadhaarLast4 ?? '',
          mobile: s.mobile,
          email: s.email,
          eStatement: 'E',
          dematAccType: '1',
          dematAccSubType: '1',
          modeOfOperation: '1',
          communicationToBeSend: '1',
          periodicStatement: 'M',
          beneficiaryCoresAddress: address('1'),
          beneficiaryPermAddress: address('4'),
        },
        numOfJointHolders: 0,
        listOfJointHolders: [],
        additionalBeneDetails: {
          familyMobileFlag: 'N',
          familyEmailFlag: 'N',
          nominationOption: s.nominees.length ? 'Y' : 'N',
          occupation: codes('occupation', s.occupation),
          fatherOrHusbandName: s.fatherName,
          dpId,
          sharePercentEqually: 'N',
          numOfNominees: s.nominees.length,
          listOfNominees: s.nominees.map((n, i) => ({
            seqNo: i + 1,
            nomineeName: n.name,
            relationWithNominee: n.relation,
            nomineeShare: n.share,
            minor: 'N',
          })),
        },
      },
      bankDetails: {
        accountNumber: s.bank.accountNumber,
        bankName: s.bank.bankName,
        ifsc: s.bank.ifsc,
        micr: s.bank.micr,
        accountType: s.bank.accountType === 'current' ? '11' : '10',
      },
    },
  };
}

const answerSchema = z.object({
  status: z.enum(['ACCEPTED', 'ACTIVATED', 'REJECTED']),
  dpId: z.string().nullable(),
  clientId: z.string().nullable(),
  reason: z.string().nullable(),
});

export function readNsdlAnswer(body: unknown, request: string): RegistrationAnswer {
  const a = answerSchema.parse(body);
  const response = JSON.stringify(body);
  if (a.status === 'REJECTED')
    return { status: 'rejected', reference: null, reason: a.reason ?? 'Refused by NSDL', request, response };
  if (a.status === 'ACCEPTED' || !a.dpId || !a.clientId)
    return { status: 'submitted', reference: null, reason: null, request, response };
  return { status: 'accepted', reference: `${a.dpId}${a.clientId}`, reason: null, request, response };
}

export class NsdlBoRegistrar implements Registrar {
  readonly kind = 'bo_nsdl' as const;
  constructor(private readonly o: NsdlBoOptions) {}

  async submit(subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const body = { requestId, ...nsdlInstruction(subject, this.o.dpId, this.o.codes) };
    const answer = await fetchJson(`${this.o.baseUrl}/accountOpening`, {
      method: 'POST',
      headers: { 'x-api-key': this.o.apiKey },
      body,
      fetch: this.o.fetch,
    });
    return readNsdlAnswer(answer, JSON.stringify(body));
  }

  async check(_subject: RegistrationSubject, requestId: string): Promise<RegistrationAnswer> {
    const answer = await fetchJson(`${this.o.baseUrl}/accountOpening/${encodeURIComponent(requestId)}`, {
      headers: { 'x-api-key': this.o.apiKey },
      fetch: this.o.fetch,
    });
    return readNsdlAnswer(answer, `GET ${requestId}`);
  }
}
