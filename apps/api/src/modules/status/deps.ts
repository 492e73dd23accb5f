/** What the status module uses of the app: each use-case takes the part it names (`Pick<StatusDeps, ...>`). */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { DocumentWorkers } from '../../documents/form-pool.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { ApplicantRecords } from '../../records/applicant-records.ts';
import type { ConsentRecords } from '../../records/consents.ts';
import type { Registrations } from '../../records/registrations.ts';

export interface StatusDeps {
  config: Config;
  database: Database;
  records: ApplicantRecords;
  registrations: Registrations;
  consents: ConsentRecords;
  /** Opens the notes of the reviewer's document requests. */
  cipher: Cipher;
  /** Checks an answered document (a PDF's inspection runs on the document pool). */
  documents: DocumentWorkers;
}
