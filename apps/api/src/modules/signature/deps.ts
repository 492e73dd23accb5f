/** What the signature module uses of the app: each use-case takes the part it names (`Pick<SignatureDeps, ...>`). */
import type { ApplicantRecords } from '../../records/applicant-records.ts';

export interface SignatureDeps {
  records: ApplicantRecords;
}
