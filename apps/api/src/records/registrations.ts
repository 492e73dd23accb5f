/**
 * What other modules use of the registrations after approval: the status screens' summary, the
 * client area's modification records, the approval that opens and starts a case. The workflow of
 * modules/registrations implements it; the composition root hands it to them.
 */
import type { Tx } from '../db/client.ts';
import type {
  RegistrationAddressProof,
  RegistrationAnswer,
  RegistrationClosure,
  RegistrationKind,
  RegistrationNominee,
  RegistrationSubject,
} from '../providers/registrations/port.ts';

export interface RegistrationSummary {
  clientCode: string | null;
  boId: string | null;
  completedAt: Date | null;
  segments: string[];
  kra: { status: string; reference: string | null } | null;
  ckyc: { status: string; reference: string | null } | null;
}

/** What a request changes, in the registries' terms. */
export interface RegistryChange {
  /** The new nomination: the nominees, or none for an opt-out. */
  nominees?: RegistrationNominee[];
  /** The client's (primary) bank account, as the depository and the exchanges carry it. */
  bank?: RegistrationSubject['bank'];
  /** The client's new address and its proof (KRA, depository, exchanges). */
  address?: { address: RegistrationSubject['address']; proof: RegistrationAddressProof; aadhaarLast4: string | null };
  /** The client's new mobile or e-mail; the e-mail's family relation when it is a family member's. */
  contact?: { mobile?: string; email?: string; emailOfFamily?: string | null };
  /** The account closed on the client's request. */
  closure?: RegistrationClosure;
  /** A DDPI signed later on its own document: the depository's client master links it from this day (dd/mm/yyyy). */
  ddpi?: { since: string };
  /** The client's segments after a segment request: those active, and those stopped. */
  segments?: { active: string[]; deactivated: string[] };
  /** A re-KYC: the details fetched again from DigiLocker, for the KRA's modification record. */
  rekyc?: RegistryRekyc;
}

/** What a re-KYC changes in the KRA's record. */
export interface RegistryRekyc {
  address: RegistrationSubject['address'];
  aadhaarLast4: string;
  /** dd/mm/yyyy: the day the details were fetched (the KRA's in-person verification date). */
  verifiedOn: string;
}

/** One registry's modification record of a client's request: sent (`reference` null) or checked. */
export interface ModificationRequest {
  requestNo: string;
  registry: RegistrationKind;
  change: RegistryChange;
  reference: string | null;
}

export interface Registrations {
  /** What the applicant's status screen shows of the registrations (null before approval). */
  summary(applicantId: string): Promise<RegistrationSummary | null>;
  /** Opens the case of an approved application in the approval's transaction; false when open already. */
  open(applicantId: string, tx: Tx): Promise<boolean>;
  /** Queues the first steps of an opened case. */
  start(applicantId: string): Promise<void>;
  /**
   * The registries a client's request changes: the KRA alone for a re-KYC, the exchanges of the
   * segments for a segment request, else the depository and each exchange (the KRA too when `kra`:
   * address and contacts).
   */
  modificationTargets(
    applicantId: string,
    change?: RegistryChange,
    options?: { kra?: boolean },
  ): Promise<RegistrationKind[]>;
  /** A segment request carried out: the case's segments (and the exchanges they need) from now on. */
  changeSegments(applicantId: string, segments: string[], tx: Tx): Promise<void>;
  sendModification(applicantId: string, input: ModificationRequest): Promise<RegistrationAnswer>;
  /** Where queue errors are reported. */
  onError: (err: Error) => void;
}
