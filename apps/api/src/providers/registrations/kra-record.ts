/**
 * The KRA record in the CVL layout: the `<ROOT><HEADER/><KYCDATA/><FOOTER/></ROOT>` document, its
 * KYCDATA tags in the order of a live CVL integration (lyikadmin/lyik_w2w_plugins
 * generate_kra_data_plugin.py, lines 41-189) and the FATCA block (lines 193-197); a modification
 * sends the KRA's current record with this application's fields over it (kra-upload.ts says how it
 * travels).
 */
import type { Codes } from './code-tables.ts';
import type { RegistrationSubject } from './port.ts';

/** The in-person verification's officer, as the KRA records it (configuration: KRA_IPV_*). */
export interface IpvOfficer {
  name: string;
  designation: string;
  organisation: string;
}

/** The record layout's version, one for the whole record. */
export const KRA_VERSION = 'V28';

/** KYCDATA tags, in order (generate_kra_data_plugin.py lines 41-189). */
export const KRA_KYCDATA_FIELDS = [
  'APP_UPDTFLG',
  'APP_KRA_CODE',
  'APP_POS_CODE',
  'APP_TYPE',
  'APP_NO',
  'APP_DATE',
  'APP_PAN_NO',
  'APP_PAN_COPY',
  'APP_EXMT',
  'APP_EXMT_CAT',
  'APP_EXMT_ID_PROOF',
  'APP_IPV_FLAG',
  'APP_IPV_DATE',
  'APP_GEN',
  'APP_NAME',
  'APP_F_NAME',
  'APP_REGNO',
  'APP_DOB_INCORP',
  'APP_COMMENCE_DT',
  'APP_NATIONALITY',
  'APP_OTH_NATIONALITY',
  'APP_COMP_STATUS',
  'APP_OTH_COMP_STATUS',
  'APP_RES_STATUS',
  'APP_RES_STATUS_PROOF',
  'APP_UID_NO',
  'APP_COR_ADD1',
  'APP_COR_ADD2',
  'APP_COR_ADD3',
  'APP_COR_CITY',
  'APP_COR_PINCD',
  'APP_COR_STATE',
  'APP_COR_CTRY',
  'APP_OFF_ISD',
  'APP_OFF_STD',
  'APP_OFF_NO',
  'APP_RES_ISD',
  'APP_RES_STD',
  'APP_RES_NO',
  'APP_MOB_ISD',
  'APP_MOB_NO',
  'APP_FAX_ISD',
  'APP_FAX_STD',
  'APP_FAX_NO',
  'APP_EMAIL',
  'APP_COR_ADD_PROOF',
  'APP_COR_ADD_REF',
  'APP_COR_ADD_DT',
  'APP_PER_ADD_FLAG',
  'APP_PER_ADD1',
  'APP_PER_ADD2',
  'APP_PER_ADD3',
  'APP_PER_CITY',
  'APP_PER_PINCD',
  'APP_PER_STATE',
  'APP_PER_CTRY',
  'APP_PER_ADD_PROOF',
  'APP_PER_ADD_REF',
  'APP_PER_ADD_DT',
  'APP_INCOME',
  'APP_OCC',
  'APP_OTH_OCC',
  'APP_POL_CONN',
  'APP_DOC_PROOF',
  'APP_INTERNAL_REF',
  'APP_BRANCH_CODE',
  'APP_MAR_STATUS',
  'APP_NETWRTH',
  'APP_NETWORTH_DT',
  'APP_INCORP_PLC',
  'APP_OTHERINFO',
  'APP_FILLER1',
  'APP_FILLER2',
  'APP_FILLER3',
  'APP_IPV_NAME',
  'APP_IPV_DESG',
  'APP_IPV_ORGAN',
  'APP_KYC_MODE',
  'APP_VER_NO',
  'APP_VID_NO',
  'APP_UID_TOKEN',
  'APP_AUTH_NAME',
  'APP_AUTH_EMAIL',
  'APP_AUTH_EMAIL1',
  'APP_AUTH_EMAIL2',
  'APP_AUTH_MOBILE',
  'APP_AUTH_FPICONSENT',
  'APP_AUTH_UBOCONSENT',
  'APP_FATCA_APPLICABLE_FLAG',
  'APP_FATCA_BIRTH_PLACE',
  'APP_FATCA_BIRTH_COUNTRY',
  'APP_FATCA_COUNTRY_RES',
  'APP_FATCA_COUNTRY_CITYZENSHIP',
  'APP_FATCA_DATE_DECLARATION',
] as const;
type KraField = (typeof KRA_KYCDATA_FIELDS)[number];

export const xmlEscape = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The KRA's current record, as the download answers it: KYCDATA tag → value. */
export type KraHeldRecord = Partial<Record<KraField, string>>;

export interface KraRecordOptions {
  posCode: string;
  codes: Codes;
  ipv: IpvOfficer;
  at: Date;
  /** Send as a modification of the KRA's record (APP_UPDTFLG 02) rather than a new upload (01). */
  modify: boolean;
  /** The KRA's current record: a modification sends this application's fields over it. */
  over?: KraHeldRecord | null;
}

/**
 * The modification's values: this application's where it says something, the KRA's record
 * elsewhere; `changed` names the tags whose value differs from what the KRA holds.
 */
export function overKraRecord(
  held: KraHeldRecord,
  ours: KraHeldRecord,
): { values: KraHeldRecord; changed: KraField[] } {
  const values: KraHeldRecord = {};
  const changed: KraField[] = [];
  for (const f of KRA_KYCDATA_FIELDS) {
    const mine = ours[f] ?? '';
    const theirs = held[f] ?? '';
    values[f] = mine !== '' ? mine : theirs;
    if (mine !== '' && mine !== theirs) changed.push(f);
  }
  return { values, changed };
}

export function kraRecordXml(s: RegistrationSubject, o: KraRecordOptions): string {
  const today = o.at.toISOString().slice(0, 10).split('-').reverse().join('/');
  const aadhaar = s.kycMode === 'digilocker' && s.aadhaarLast4 !== null;
  // Aadhaar as the address proof, referenced by its last four digits (get_aadhaar_last_4_digit); an
  // address changed after opening carries its own proof and the day it was given
  const changed = s.addressProof;
  const proof = changed ? o.codes('addressProof', changed.kind) : aadhaar ? o.codes('addressProof', 'aadhaar') : '';
  const proofRef = changed ? changed.reference : aadhaar ? (s.aadhaarLast4 ?? '') : '';
  const proofDate = changed?.date ?? s.applicationDate;
  const state = o.codes('state', s.address.state.toUpperCase());
  const country = o.codes('country', s.address.country);
  const abroad = s.fatca?.taxResidencies ?? [];
  const v: KraHeldRecord = {
    APP_UPDTFLG: o.modify ? '02' : '01',
    APP_KRA_CODE: 'CVLKRA',
    APP_POS_CODE: o.posCode,
    APP_TYPE: 'I',
    APP_NO: s.applicationNo,
    APP_DATE: s.applicationDate,
    APP_PAN_NO: s.pan,
    APP_PAN_COPY: 'Y',
    APP_EXMT: 'N',
    APP_IPV_FLAG: 'Y',
    APP_IPV_DATE: s.ipvDate,
    APP_GEN: o.codes('gender', s.gender),
    APP_NAME: s.name,
    APP_F_NAME: s.fatherName,
    APP_DOB_INCORP: s.dob,
    APP_NATIONALITY: '01',
    APP_RES_STATUS: 'R',
    APP_UID_NO: s.aadhaarLast4 ?? '',
    APP_COR_ADD1: s.address.line1,
    APP_COR_ADD2: s.address.line2,
    APP_COR_ADD3: s.address.line3,
    APP_COR_CITY: s.address.city,
    APP_COR_PINCD: s.address.pincode,
    APP_COR_STATE: state,
    APP_COR_CTRY: country,
    APP_MOB_ISD: '91',
    APP_MOB_NO: s.mobile,
    APP_EMAIL: s.email,
    APP_COR_ADD_PROOF: proof,
    APP_COR_ADD_REF: proofRef,
    APP_COR_ADD_DT: proofDate,
    APP_PER_ADD_FLAG: 'Y',
    APP_PER_ADD1: s.address.line1,
    APP_PER_ADD2: s.address.line2,
    APP_PER_ADD3: s.address.line3,
    APP_PER_CITY: s.address.city,
    APP_PER_PINCD: s.address.pincode,
    APP_PER_STATE: state,
    APP_PER_CTRY: country,
    APP_PER_ADD_PROOF: proof,
    APP_PER_ADD_REF: proofRef,
    APP_PER_ADD_DT: proofDate,
    APP_INCOME: o.codes('income', s.income),
    APP_OCC: o.codes('occupation', s.occupation),
    APP_POL_CONN: s.politicallyExposed ? 'PEP' : 'NA',
    APP_DOC_PROOF: 'S',
    APP_INTERNAL_REF: s.clientCode,
    APP_MAR_STATUS: o.codes('marital', s.maritalStatus),
    APP_IPV_NAME: o.ipv.name,
    APP_IPV_DESG: o.ipv.designation,
    APP_IPV_ORGAN: o.ipv.organisation,
    APP_KYC_MODE: o.codes('kycMode', s.kycMode),
    APP_VER_NO: KRA_VERSION,
    // FATCA/CRS: applicable when the client is tax resident outside India too; countries are ISO
    // 3166 alpha-2 (the plugin's fatca_country_code.json)
    APP_FATCA_APPLICABLE_FLAG: abroad.length ? 'Y' : 'N',
    APP_FATCA_BIRTH_PLACE: s.fatca?.placeOfBirth ?? '',
    APP_FATCA_BIRTH_COUNTRY: s.fatca?.countryOfBirth ?? '',
    APP_FATCA_COUNTRY_RES: s.fatca ? (abroad[0]?.country ?? 'IN') : '',
    APP_FATCA_COUNTRY_CITYZENSHIP: s.fatca?.citizenship ?? '',
    APP_FATCA_DATE_DECLARATION: s.applicationDate,
  };
  const sent = o.modify && o.over ? overKraRecord(o.over, v).values : v;
  const kycData = KRA_KYCDATA_FIELDS.map((f) => `<${f}>${xmlEscape(sent[f] ?? '')}</${f}>`).join('');
  // one FATCA_ADDL_DTLS per tax residency outside India (the source's block, lines 192-198); no
  // public source gives a tag for the reason a TIN is missing, so only the TIN itself is sent
  const fatca = abroad
    .map((r) => {
      const d: Record<FatcaField, string> = {
        APP_FATCA_ENTITY_PAN: '',
        APP_FATCA_COUNTRY_RESIDENCY: r.country,
        APP_FATCA_TAX_IDENTIFICATION_NO: r.tin,
        APP_FATCA_TAX_EXEMPT_FLAG: '',
        APP_FATCA_TAX_EXEMPT_REASON: '',
      };
      return `<FATCA_ADDL_DTLS>${KRA_FATCA_ADDL_FIELDS.map((f) => `<${f}>${xmlEscape(d[f])}</${f}>`).join('')}</FATCA_ADDL_DTLS>`;
    })
    .join('');
  return (
    `<ROOT><HEADER><COMPANY_CODE>${xmlEscape(o.posCode)}</COMPANY_CODE><BATCH_DATE>${today}</BATCH_DATE></HEADER>` +
    `<KYCDATA>${kycData}</KYCDATA>${fatca}` +
    '<FOOTER><NO_OF_KYC_RECORDS>1</NO_OF_KYC_RECORDS><NO_OF_ADDLDATA_RECORDS>0</NO_OF_ADDLDATA_RECORDS>' +
    `<NO_OF_FATCA_ADDL_DTLS_RECORDS>${abroad.length}</NO_OF_FATCA_ADDL_DTLS_RECORDS></FOOTER></ROOT>`
  );
}

/** The FATCA_ADDL_DTLS tags, in the source's order (generate_kra_data_plugin.py, lines 193-197). */
export const KRA_FATCA_ADDL_FIELDS = [
  'APP_FATCA_ENTITY_PAN',
  'APP_FATCA_COUNTRY_RESIDENCY',
  'APP_FATCA_TAX_IDENTIFICATION_NO',
  'APP_FATCA_TAX_EXEMPT_FLAG',
  'APP_FATCA_TAX_EXEMPT_REASON',
] as const;
type FatcaField = (typeof KRA_FATCA_ADDL_FIELDS)[number];
