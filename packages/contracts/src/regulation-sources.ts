/** The instruments the rules table (regulation.ts) and the built-in controls (regulation-controls.ts) cite. */
/** The circular (or other instrument) a value comes from. */
export interface RuleSource {
  /** Circular number or the instrument's name. */
  ref: string;
  /** Its date, YYYY-MM-DD ('' for the product specification). */
  date: string;
}

export const SPEC: RuleSource = { ref: 'Product specification, sections 5 and 9', date: '' };
export const SPEC_FROM = '2021-10-01';
export const NOMINATION_2021: RuleSource = { ref: 'SEBI/HO/MIRSD/RTAMB/CIR/P/2021/601', date: '2021-07-23' };
export const NOMINATION_2025: RuleSource = { ref: 'SEBI/HO/OIAE/OIAE_IAD-3/P/CIR/2025/01650', date: '2025-01-10' };
export const NOMINATION_2026: RuleSource = {
  ref: 'SEBI circular …/CIR/2026/12676 (modified nomination norms); NSE NMF75561; BSE 20260716-27',
  date: '2026-05-29',
};
export const BSDA_2024: RuleSource = { ref: 'SEBI/HO/MIRSD/MIRSD-PoD1/P/CIR/2024/91', date: '2024-06-28' };
export const DDPI_2022: RuleSource = { ref: 'SEBI/HO/MIRSD/DoP/P/CIR/2022/44', date: '2022-04-04' };
export const FO_2023: RuleSource = { ref: 'SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/73', date: '2023-05-19' };
export const KYC_MASTER: RuleSource = {
  ref: 'SEBI/HO/MIRSD/SECFATF/P/CIR/2023/169 (Master Circular on KYC)',
  date: '2023-10-12',
};
export const KRA_NSE_2025: RuleSource = { ref: 'NSE ISC69995 (enforcing the KYC Master Circular)', date: '2025-09-03' };
export const UCC_BSE_2021: RuleSource = { ref: 'BSE notice 20210503-41', date: '2021-05-03' };
export const MITC_2023: RuleSource = {
  ref: 'SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180; the standard text in NSE/INSP/60147, Annexure A',
  date: '2023-11-13',
};
export const ACCESSIBILITY_2025: RuleSource = {
  ref: 'SEBI clarification on digital accessibility (right to digital accessibility in Investor Charters)',
  date: '2025-12-08',
};
export const FATCA_2015: RuleSource = {
  ref: 'SEBI CIR/MIRSD/2/2015 (FATCA and CRS under Income-tax Rules 114F to 114H)',
  date: '2015-08-26',
};
export const MNRL_2024: RuleSource = {
  ref: 'BSE notice 20240104-26; NSE ISC72805 and ISC75249 (DoT Mobile Number Revocation List)',
  date: '2024-01-04',
};
export const AML_2019: RuleSource = {
  ref: 'SEBI/HO/MIRSD/DOP/CIR/P/2019/113 (AML/CFT master circular: client due diligence, risk categorisation, UN lists under section 51A of the UAPA); restated as SEBI/HO/MIRSD/MIRSDSECFATF/P/CIR/2024/78 of 2024-06-06',
  date: '2019-10-15',
};
export const DEMISE_2023: RuleSource = {
  ref: 'SEBI: KRAs share the demise of investors with the intermediaries, who stop debits and suspend the UCC (3 Oct 2023, as cited in NSE ISC74160)',
  date: '2023-10-03',
};
export const APP_KYC_2020: RuleSource = {
  ref: 'SEBI/HO/MIRSD/DOP/CIR/P/2020/73 (KYC through an app: live location inside India, a random action, timestamps); Master Circular on KYC SEBI/HO/MIRSD/SECFATF/P/CIR/2023/169, para 51',
  date: '2020-04-24',
};
export const PAN_CBDT: RuleSource = { ref: 'CBDT Circular No. 3 of 2023', date: '2023-03-28' };

export const ACCOUNT_OPENING_2011: RuleSource = {
  ref: 'SEBI CIR/MIRSD/16/2011 (uniform account opening: Rights and Obligations, Risk Disclosure Document, Guidance Note, tariff, policies and procedures given to the client)',
  date: '2011-08-22',
};
export const REGISTRATION_DISPLAY_2026: RuleSource = {
  ref: 'SEBI circular of 26 Feb 2026 (registered name and SEBI registration number wherever the intermediary speaks to investors); BSE notice of 21 Jul 2026 (members’ websites and apps)',
  date: '2026-02-26',
};
export const CSCRF_2024: RuleSource = {
  ref: 'SEBI/HO/ITD-1/ITD_CSC_EXT/P/CIR/2024/113 (Cybersecurity and Cyber Resilience Framework: logs and records kept tamper-evident)',
  date: '2024-08-20',
};
