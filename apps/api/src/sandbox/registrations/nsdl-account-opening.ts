/**
 * The sandbox NSDL's reading of an Account Opening API request, written from the public sample,
 * not from the adapter: keys and codes of lyikadmin/lyik_w2w_plugins
 * nsdl_demat_account_translator_plugin/src/lyik/demat_paload.json (line beside each), the code
 * lists of its mapping_json_files (gender, gross_anual_income, states) and nsdl_mapping_json_files
 * (occupation). A malformed body is a 400; a refusable one names its first problem.
 */
import { z } from 'zod';

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const YYYYMMDD = /^\d{8}$/;
const yn = z.enum(['Y', 'N']);
/** addressType (demat_paload.json:24 "1", :35 "4", :86 "3", :109 "6") with the other address keys, all strings. */
const address = z.strictObject({
  addressType: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressLine3: z.string(),
  addressLine4: z.string(),
  zipcode: z.string(),
  city: z.string(),
  statecode: z.string(),
  countrycode: z.string(),
});
const identification = z.strictObject({
  pan: z.string(),
  aadhar: z.string(),
  savingBankAccNo: z.string(),
  dematAccId: z.string(),
});
const nominee = z.strictObject({
  seqNo: z.string(), // :82
  nomineeName: z.string(), // :83
  relationWithNominee: z.string(), // :84 "01"
  nomineeAddress: address, // :85
  nomineeMobileNum: z.string(), // :96
  nomineeEmailId: z.string(), // :97
  nomineeShare: z.string(), // :98 "30"
  nomineeIdentificationDtls: identification, // :99
  minor: yn, // :105 "Y"
  dob: z.string(), // :106 "20210101"
  guardianName: z.string(), // :107
  guardianAddress: address, // :108
  guardianMobileNum: z.string(), // :119
  guardianEmailId: z.string(), // :120
  guardianRelationship: z.string(), // :121 "07"
  guardianIdentificationDtls: identification, // :122
});
export const nsdlRequestSchema = z.object({
  requestId: z.string().min(1),
  instr: z.strictObject({
    beneficiaryDetails: z.strictObject({
      primaryBeneficiary: z.strictObject({
        name: z.string(), // :5
        shortName: z.string(), // :6
        pan: z.string(), // :7
        panFlag: z.literal('Y'), // :8
        grossAnnualIncome: z.enum(['01', '02', '03', '04', '05']), // :9; gross_anual_income.json:2-6
        dob: z.string().regex(YYYYMMDD), // :10 "19970804"
        gender: z.enum(['1', '2', '3']), // :11 "2"; gender.json:2-4
        aadhar: z.string(), // :12
        mobile: z.string(), // :13
        email: z.string(), // :14
        ddpiid: z.string(), // :15
        eStatement: z.enum(['E', 'P']), // :16; form_record_mapping.py getEstatement
        dematAccType: z.string(), // :17
        dematAccSubType: z.string(), // :18
        rbiRefNo: z.string().optional(), // :19 (non-residents)
        rbiApprovalDate: z.string().optional(), // :20
        modeOfOperation: z.string(), // :21
        communicationToBeSend: z.string(), // :22
        beneficiaryCoresAddress: address, // :23
        beneficiaryPermAddress: address, // :34
        signature: z.string(), // :45 base64
      }),
      numOfJointHolders: z.string(), // :47
      listOfJointHolders: z.array(z.unknown()), // :48
      additionalBeneDetails: z.strictObject({
        familyMobileFlag: yn, // :71
        familyEmailFlag: yn, // :72
        nominationOption: yn, // :73
        occupation: z.enum(['1', '2', '3', '4', '5', '6', '7', '8']), // :74; occupation.json:2-10
        fatherOrHusbandName: z.string(), // :75
        dpId: z.string(), // :76 "IN303077"
        clientId: z.string(), // :77
        sharePercentEqually: yn, // :78
        numOfNominees: z.string(), // :79
        listOfNominees: z.array(nominee), // :80
      }),
    }),
    bankDetails: z.strictObject({
      accountNumber: z.string(), // :133
      bankName: z.string(), // :134
      ifsc: z.string(), // :135
      micr: z.string(), // :136
      accountType: z.string(), // :137 "10"
      bankAddress: z.strictObject({
        addressType: z.literal('2'), // :139
        addressLine1: z.string(),
        addressLine2: z.string(),
        addressLine3: z.string(),
        addressLine4: z.string(),
        zipcode: z.string(),
      }),
    }),
  }),
});
export type NsdlRequest = z.infer<typeof nsdlRequestSchema>;

/** states.json and the harmonised "Appendix 6": 1..38 (no 28, Andhra Pradesh before division, for new accounts). */
const STATE_CODE = /^([1-9]|[12]\d|3[0-8])$/;

function addressProblem(a: z.infer<typeof address>, type: string, where: string): string | null {
  if (a.addressType !== type) return `Invalid ${where}.addressType`;
  if (!a.addressLine1) return `${where}.addressLine1 is mandatory`;
  if (!/^[1-9]\d{5}$/.test(a.zipcode)) return `Invalid ${where}.zipcode`;
  if (!STATE_CODE.test(a.statecode)) return `Invalid ${where}.statecode`;
  if (a.countrycode !== '356') return `Invalid ${where}.countrycode`;
  return null;
}

/** The first reason NSDL would refuse the request for, or null; the request is for the DP `dpId`. */
export function nsdlProblem(r: NsdlRequest, dpId: string): string | null {
  const p = r.instr.beneficiaryDetails.primaryBeneficiary;
  const more = r.instr.beneficiaryDetails.additionalBeneDetails;
  if (more.dpId !== dpId) return 'dpId is not this participant';
  if (!PAN.test(p.pan)) return 'Invalid PAN';
  if (r.instr.beneficiaryDetails.numOfJointHolders !== '0' || r.instr.beneficiaryDetails.listOfJointHolders.length)
    return 'Single holding only';
  const addressIssue =
    addressProblem(p.beneficiaryCoresAddress, '1', 'beneficiaryCoresAddress') ??
    addressProblem(p.beneficiaryPermAddress, '4', 'beneficiaryPermAddress');
  if (addressIssue) return addressIssue;
  if (p.signature && !/^[A-Za-z0-9+/]+=*$/.test(p.signature)) return 'signature is not base64';
  const nominees = more.listOfNominees;
  if (more.numOfNominees !== String(nominees.length)) return 'numOfNominees does not match listOfNominees';
  if ((more.nominationOption === 'Y') !== nominees.length > 0) return 'nominationOption does not match listOfNominees';
  if (more.sharePercentEqually === 'N' && nominees.length) {
    const total = nominees.reduce((sum, n) => sum + Number(n.nomineeShare), 0);
    if (Math.abs(total - 100) > 0.001) return 'nomineeShare does not total 100';
  }
  for (const n of nominees) {
    if (!n.nomineeName) return 'nomineeName is mandatory';
    if (!/^\d{2}$/.test(n.relationWithNominee)) return 'Invalid relationWithNominee';
    if (n.nomineeAddress.addressLine1 && n.nomineeAddress.addressType !== '3')
      return 'Invalid nomineeAddress.addressType';
    if (n.minor === 'Y' && (!YYYYMMDD.test(n.dob) || !n.guardianName))
      return 'A minor nominee needs dob and guardianName';
    if (n.guardianAddress.addressType !== '6') return 'Invalid guardianAddress.addressType';
  }
  return null;
}
