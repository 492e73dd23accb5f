/**
 * NSDL BO account through the "Account Opening API for Participants" (participant app → NSDL
 * Insta Interface → CDS; single holding only; nsdl.co.in/API-BP/api_brief.html), with the JSON
 * body a live integration sends: keys, order and codes transcribed from lyikadmin/lyik_w2w_plugins
 * nsdl_demat_account_translator_plugin/src/lyik/demat_paload.json (line numbers beside the codes in
 * depository-codes.ts) and its form_record_mapping.py. All values are strings as in that sample.
 * The endpoint, its authentication and the answer's shape are member-only: the answer is read as
 * `{status, dpId, clientId, reason}`. The NSDL BO id is "IN" + 6-digit DP id + 8-digit client id.
 */
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import { type Coded, NSDL_CODES, stateCode } from './depository-codes.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject, reorderDate } from './port.ts';

export interface NsdlBoOptions {
  baseUrl: string;
  dpId: string;
  apiKey: string;
  /** The broker's DDPI id at NSDL (`ddpiid`), sent when the applicant gives a DDPI. */
  ddpiId: string;
  fetch?: FetchLike;
}

const code = (c: Coded | undefined | null) => c?.code ?? '';
const yn = (b: boolean) => (b ? 'Y' : 'N');
type Place = { line1: string; line2: string; line3?: string; city: string; state: string; pincode: string };
const C = NSDL_CODES;

function address(type: Coded, a: Place | null) {
  return {
    addressType: type.code,
    addressLine1: a?.line1 ?? '',
    addressLine2: a?.line2 ?? '',
    addressLine3: a?.line3 ?? '',
    addressLine4: '',
    zipcode: a?.pincode ?? '',
    city: a?.city ?? '',
    statecode: a ? code(stateCode(a.state)) : '',
    countrycode: a ? C.country.IN.code : '',
  };
}
const noIdentification = { pan: '', aadhar: '', savingBankAccNo: '', dematAccId: '' };

export function nsdlInstruction(s: RegistrationSubject, dpId: string, ddpiId: string) {
  const b = s.bo;
  return {
    instr: {
      beneficiaryDetails: {
        primaryBeneficiary: {
          name: s.name,
          shortName: s.firstName,
          pan: s.pan,
          panFlag: 'Y',
          grossAnnualIncome: code(C.income[s.income as keyof typeof C.income]),
          dob: reorderDate(s.dob, 'YYYYMMDD'),
          gender: code(C.gender[s.gender]),
          // the full Aadhaar number is never kept (research §1.2)
          aadhar: '',
          mobile: s.mobile,
          email: s.email,
          ddpiid: b.ddpiSince ? ddpiId : '',
          eStatement: 'E',
          // demat_paload.json:17-18; form_record_mapping.py: "Source is not known yet"
          dematAccType: '04',
          dematAccSubType: '01',
          // single holder: optional, left empty (form_record_mapping.py getModeOfOperation, getComunicationSend)
          modeOfOperation: '',
          communicationToBeSend: '',
          beneficiaryCoresAddress: address(C.addressType.correspondence, s.address),
          beneficiaryPermAddress: address(C.addressType.permanent, s.address),
          signature: b.signature ? b.signature.toString('base64') : '',
        },
        // one holder: 0 (form_record_mapping.py get_number_of_holders)
        numOfJointHolders: '0',
        listOfJointHolders: [],
        additionalBeneDetails: {
          familyMobileFlag: 'N',
          familyEmailFlag: yn(Boolean(b.emailOfFamily)),
          nominationOption: yn(s.nominees.length > 0),
          occupation: code(C.occupation[s.occupation as keyof typeof C.occupation] ?? C.occupation.others),
          fatherOrHusbandName: s.fatherName,
          dpId,
          clientId: '',
          sharePercentEqually: 'N',
          numOfNominees: String(s.nominees.length),
          listOfNominees: s.nominees.map((n, i) => ({
            seqNo: String(i + 1),
            nomineeName: n.name,
            relationWithNominee: code(C.relation[n.relation as keyof typeof C.relation] ?? C.relation.Others),
            nomineeAddress: address(C.addressType.nominee, n.address),
            nomineeMobileNum: '',
            nomineeEmailId: '',
            nomineeShare: String(n.share),
            nomineeIdentificationDtls: noIdentification,
            minor: yn(n.minor),
            dob: n.dob ? reorderDate(n.dob, 'YYYYMMDD') : '',
            guardianName: n.minor ? n.guardianName : '',
            // the guardian's address, contacts and relation are not collected
            guardianAddress: address(C.addressType.guardian, null),
            guardianMobileNum: '',
            guardianEmailId: '',
            guardianRelationship: '',
            guardianIdentificationDtls: noIdentification,
          })),
        },
      },
      bankDetails: {
        accountNumber: s.bank.accountNumber,
        bankName: s.bank.bankName,
        ifsc: s.bank.ifsc,
        micr: s.bank.micr,
        accountType: code(C.bankAccountType[s.bank.accountType]),
        // the branch's address is not collected (form_record_mapping.py sends it empty too)
        bankAddress: {
          addressType: C.addressType.bank.code,
          addressLine1: '',
          addressLine2: '',
          addressLine3: '',
          addressLine4: '',
          zipcode: '',
        },
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
    const body = { requestId, ...nsdlInstruction(subject, this.o.dpId, this.o.ddpiId) };
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
