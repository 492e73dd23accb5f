/** The PAN record's sections as the user details record shows them (section 3). */
import type { KraDataObj, PanObj } from '@ekyc/contracts/calls/pan-validation';
import type { FileRef } from '../../records/applicant-records.ts';

export type StoredPanObj = PanObj & { document?: FileRef };
export type StoredKraDataObj = KraDataObj;

/** The last PAN card photo read (private): its file and the fields read from it. */
export interface PanImageSection {
  file: FileRef;
  pan_number: string;
  read_at: string;
}
export const PAN_IMAGE_SECTION = '_pan_image' as const;
