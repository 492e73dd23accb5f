/**
 * BSE UCC through "UCC_REST_API 2.2": AddUCCData_V5 with the object CLIENTDETAILS_V5, one record
 * per client with a Y/N flag per segment, every key of a live integration in its order
 * (lyikadmin/lyik_w2w_plugins ucc_data_parser_plugins/src/lyik/ucc_data_parsers.py, BSEPayload at
 * lines 68-215: "optional fields to be filled with None (null in json)", dates dd/mm/yyyy), values
 * as its bse_utility.py gives them; the password goes in the headers as SHA512(MD5(password)),
 * mandatory since BSE notice 20260123-41 (research/downstream-registrations.md §3.2). UAT base
 * `https://uat.bseindia.in/UCC_REST_API_SERVICE/UCCService.svc`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fetchJson, type FetchLike } from '../http.ts';
import type { Codes } from './code-tables.ts';
import { type Registrar, type RegistrationAnswer, type RegistrationSubject } from './port.ts';

export interface BseUccOptions {
  baseUrl: string;
  userId: string;
  memberCode: string;
  password: string;
  /** The broker's depository participant, by name (DEPOSITORYPARTICIPANT1). */
  dpName: string;
  codes: Codes;
  fetch?: FetchLike;
}

export const bsePasswordHash = (password: string) =>
  createHash('sha512').update(createHash('md5').update(password).digest('hex')).digest('hex');

/** Every CLIENTDETAILS_V5 key, in order (ucc_data_parsers.py lines 69-215); an optional key is sent as null. */
export const BSE_CLIENT_KEYS = [
  'TRANSACTIONCODE',
  'BATUSER',
  'CLIENTTYPE',
  'STATUS',
  'CATEGORY',
  'CLIENTCODE',
  'PANNO',
  'POLITICALEXPERSON',
  'ADDRESS1',
  'PERMNEQUALCORP',
  'ADDRESS2',
  'COUNTRY',
  'STATE',
  'CITY',
  'PINCODE',
  'TYPEOFSERVICE',
  'CONTACTDETAILS',
  'EMAIL',
  'MOBILENUMBER',
  'STDCODE',
  'PHONENO',
  'EQ_CPCODE',
  'EQCMID',
  'FNOCPCODE',
  'FNOCMID',
  'DEPOSITORYNAME1',
  'DEMANTID1',
  'DEPOSITORYPARTICIPANT1',
  'DEPOSITORYNAME2',
  'DEMANTID2',
  'DEPOSITORYPARTICIPANT2',
  'DEPOSITORYNAME3',
  'DEMANTID3',
  'DEPOSITORYPARTICIPANT3',
  'BANKNAME1',
  'ACCOUNTNO1',
  'BANKNAME2',
  'ACCOUNTNO2',
  'BANKNAME3',
  'ACCOUNTNO3',
  'CLIENTAGGREMENTDATE',
  'PROVIDEDETAILS',
  'INCOME',
  'INCOMEDATE',
  'NETWORTH',
  'NETWORTHDATE',
  'ISACTIVE',
  'UPDATEREASON',
  'FIRSTNAME',
  'MIDDLENAME',
  'LASTNAME',
  'AADHARCARDNO',
  'DATEOFBIRTH',
  'CLIENTNAME',
  'REGISTRATIONNO',
  'REGISTERINGAUTHORITY',
  'DATEOFREGISTRATION',
  'PLACEOFREGISTRATION',
  'WHETHERCORPORATE',
  'CINNO',
  'NUMBEROFDIRECTORS',
  'PARTNERS_KARTAUID',
  'PARTNERS_COPARCENERUID',
  'CONTACTPERSONNAME1',
  'CONTACTPERSONDESIGNATION1',
  'CONTACTPERSONADDRESS1',
  'CONTACTPERSONEMAIL1',
  'CONTACTPERSONPAN1',
  'CONTACTPERSONMOBILE1',
  'CONTACTPERSONNAME2',
  'CONTACTPERSONDESIGNATION2',
  'CONTACTPERSONADDRESS2',
  'CONTACTPERSONEMAIL2',
  'CONTACTPERSONPAN2',
  'CONTACTPERSONMOBILE2',
  'CASH',
  'EQUITY_DERIVATIVE',
  'SLB',
  'CURRENCY',
  'DEBT',
  'ISPOA',
  'POAFORFUND',
  'POAFORSECURITY',
  'DATEOFPOAFORFUND',
  'DATEOFPOAFORSECURITY',
  'PERCITY',
  'PERSTATE',
  'PERCOUNTRY',
  'PERPINCODE',
  'CURRENCYCPCODE',
  'CURRENCYCMID',
  'ENROLLMENTNUMBER',
  'COMMDERIVATIVES',
  'OPTEDFORNOMINATION',
  'CUSTPANNO',
  'CUSTNAME',
  'CUSTADDRESS',
  'CUSTCOUNTRY',
  'CUSTSTATE',
  'CUSTCITY',
  'CUSTPINCODE',
  'CUSTMOBILENUMBER',
  'CUSTSTDCODE',
  'CUSTPHONENO',
  'CUSTEMAIL',
  'EGR',
  'BENEFICIALOWNACNTNO1',
  'BENEFICIALOWNACNTNO2',
  'BENEFICIALOWNACNTNO3',
  'OPTED_FOR_UPI',
  'BANKBRANCHIFSCCODE1',
  'PRIMARYORSECONDARYBANK1',
  'BANKBRANCHIFSCCODE2',
  'PRIMARYORSECONDARYBANK2',
  'BANKBRANCHIFSCCODE3',
  'PRIMARYORSECONDARYBANK3',
  'BANKBRANCHIFSCCODE4',
  'BANKNAME4',
  'ACCOUNTNO4',
  'PRIMARYORSECONDARYBANK4',
  'BANKBRANCHIFSCCODE5',
  'BANKNAME5',
  'ACCOUNTNO5',
  'PRIMARYORSECONDARYBANK5',
  'PRIMARYORSECONDARYDP1',
  'PRIMARYORSECONDARYDP2',
  'PRIMARYORSECONDARYDP3',
  'DEMANTID4',
  'BENEFICIALOWNACNTNO4',
  'PRIMARYORSECONDARYDP4',
  'DEPOSITORYNAME4',
  'DEMANTID5',
  'BENEFICIALOWNACNTNO5',
  'PRIMARYORSECONDARYDP5',
  'DEPOSITORYNAME5',
  'CLIENTNAMEDESCRIPTION',
  'DIRECTORDETAILS',
  'SERVERIP',
] as const;
type BseKey = (typeof BSE_CLIENT_KEYS)[number];

const yn = (on: boolean) => (on ? 'Y' : 'N');

export function bseClientDetails(
  s: RegistrationSubject,
  o: { dpName: string; codes: Codes },
): Record<BseKey, string | null> {
  const seg = new Set(s.segments.map((code) => o.codes('segment', code)));
  const address = [s.address.line1, s.address.line2, s.address.line3].filter(Boolean).join(', ');
  const income = o.codes('income', s.income);
  const v: Partial<Record<BseKey, string>> = {
    TRANSACTIONCODE: 'N',
    CLIENTTYPE: 'I',
    STATUS: 'CL',
    // bse_utility.py client_category_value (line 31): individuals only
    CATEGORY: 'I',
    CLIENTCODE: s.clientCode,
    PANNO: s.pan,
    // bse_utility.py politically_exposed_value (lines 38-43): Y for a PEP, else N
    POLITICALEXPERSON: yn(s.politicallyExposed),
    ADDRESS1: address,
    PERMNEQUALCORP: 'Y',
    ADDRESS2: address,
    COUNTRY: 'INDIA',
    STATE: s.address.state.toUpperCase(),
    CITY: s.address.city.toUpperCase(),
    PINCODE: s.address.pincode,
    // 1 telephone, 2 mobile, 3 both (contact_details_value)
    CONTACTDETAILS: '2',
    EMAIL: s.email,
    MOBILENUMBER: s.mobile,
    DEPOSITORYNAME1: s.depository,
    // an NSDL DP id (IN + 6 digits); no input for CDSL (depository_id_value)
    ...(s.depository === 'NSDL' && { DEMANTID1: (s.boId ?? '').slice(0, 8) }),
    DEPOSITORYPARTICIPANT1: o.dpName,
    BANKNAME1: s.bank.bankName,
    ACCOUNTNO1: s.bank.accountNumber,
    CLIENTAGGREMENTDATE: s.applicationDate,
    // 1 income given, 3 income and net worth (provide_income_networth_details_value)
    ...(income && { PROVIDEDETAILS: '1', INCOME: income, INCOMEDATE: s.applicationDate }),
    ISACTIVE: 'Y',
    FIRSTNAME: s.firstName,
    MIDDLENAME: s.middleName,
    LASTNAME: s.lastName,
    DATEOFBIRTH: s.dob,
    CLIENTNAME: s.name,
    CASH: yn(seg.has('CASH')),
    EQUITY_DERIVATIVE: yn(seg.has('EQUITY_DERIVATIVE')),
    SLB: 'N',
    CURRENCY: yn(seg.has('CURRENCY')),
    DEBT: 'N',
    ISPOA: 'N',
    POAFORFUND: 'N',
    POAFORSECURITY: 'N',
    PERCITY: s.address.city.toUpperCase(),
    PERSTATE: s.address.state.toUpperCase(),
    PERCOUNTRY: 'INDIA',
    PERPINCODE: s.address.pincode,
    COMMDERIVATIVES: 'N',
    OPTEDFORNOMINATION: yn(s.nominees.length > 0),
    BENEFICIALOWNACNTNO1: s.depository === 'NSDL' ? (s.boId ?? '').slice(8) : (s.boId ?? ''),
    // the client's UPI block-mechanism choice: Y registered, N not opted (opted_for_upi_value)
    OPTED_FOR_UPI: yn(s.upiOptIn === true),
    BANKBRANCHIFSCCODE1: s.bank.ifsc,
    PRIMARYORSECONDARYBANK1: 'P',
    PRIMARYORSECONDARYDP1: 'P',
  };
  return Object.fromEntries(BSE_CLIENT_KEYS.map((k) => [k, v[k] ?? null])) as Record<BseKey, string | null>;
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
    const body = { CLIENTDETAILS_V5: bseClientDetails(subject, { dpName: this.o.dpName, codes: this.o.codes }) };
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
