/** The PAN record's sections as the user details record shows them (section 3). */
import type { KraDataObj, PanObj } from '@ekyc/contracts/calls/pan-validation';
import type { FileRef } from '../../records/applicant-records.ts';

/** aadhaar_seeding: the income-tax source's answer (Y seeded, R not linked, '' unknown), for the BO account's PANVrfyFlg. */
export type StoredPanObj = PanObj & { document?: FileRef; aadhaar_seeding?: string };
export type StoredKraDataObj = KraDataObj;

/** The last PAN card photo read (private): its file and the fields read from it. */
export interface PanImageSection {
  file: FileRef;
  pan_number: string;
  read_at: string;
}
export const PAN_IMAGE_SECTION = '_pan_image' as const;

declare module '../../records/section-codec.ts' {
  interface PrivateSectionTypes {
    [PAN_IMAGE_SECTION]: PanImageSection;
  }
}
