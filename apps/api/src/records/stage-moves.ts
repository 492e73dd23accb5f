/**
 * The stage moves of the applicant record, in the caller's statement or transaction: completing a
 * stage (its sections written and the next stage current, one statement), and voiding the signature
 * when a signed applicant's rework changed what the form prints.
 */
import { PRIVACY_NOTICE_VERSION } from '@ekyc/contracts/calls/consents';
import { MSG } from '@ekyc/contracts/messages';
import {
  ACTION_WINDOWS,
  nextStage,
  routeForStage,
  STAGE,
  type StageAction,
  type StageCode,
} from '@ekyc/contracts/stages';
import type { Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { Cipher } from '../lib/crypto.ts';
import { applicantRepository as repo } from './applicant.repository.ts';
import type { StoredFile } from './applicant-files.ts';
import {
  applicantWritesRepository as writes,
  type NewApplicant,
  type OutsideWindow,
} from './applicant-writes.repository.ts';
import { RULE_SET_SECTION, startingRuleSet } from './rule-set.ts';
import { sealSections, type SectionValues } from './section-codec.ts';
import type { SignedChanges } from './signed-form.ts';

export interface CompleteStageOptions {
  next?: StageCode;
  sections?: SectionValues;
  /**
   * The step completing it: its window (ACTION_WINDOWS) is checked under the applicant's lock, in the
   * statement that writes; outside it nothing is written and the step is refused (STAGE_MOVED).
   */
  action?: StageAction;
  /** Files the step stored (ApplicantFiles.store): their rows are added by the same statement. */
  files?: readonly StoredFile[];
}

/**
 * Whether the step's window (ACTION_WINDOWS, section 4) leaves out the applicant at `stage`. While a
 * stage is sent back (`rework`: the earliest rejected), the applicant acts on that stage alone: a
 * step of another stage (one whose window merely reaches it, such as nominees beside segments)
 * waits. The statements that write check the same under the applicant's lock (migration 3033).
 */
export function outsideWindow(action: StageAction, stage: number | undefined, rework: number | undefined): boolean {
  const [min, max] = ACTION_WINDOWS[action];
  return stage === undefined || stage < min || stage > max || (rework !== undefined && min !== rework);
}

/**
 * The refusal of a step outside its window: HTTP 200 with status false (the contract's handled
 * outcome); data.screen says where the applicant is, data.moved tells a client it was a step of
 * another stage (e.g. a retry). While a stage is sent back, the applicant is sent to it.
 */
export const stageMoved = (at: OutsideWindow) =>
  new AppError('STAGE_MOVED', 'stepNotAvailable', {
    screen: routeForStage(at.rework ?? at.stage),
    moved: true,
  });

/**
 * A new applicant, one statement: the row, the mobile stage completed (110 done, 120 current) with
 * the rules in force today kept (the application follows them whatever the table says later), and
 * the consents of signing up under the privacy notice: the KYC itself, and updates on WhatsApp if
 * chosen. A mobile signed up already answers that applicant, created false.
 */
export async function signUpIn(cipher: Cipher, tx: Tx, applicant: NewApplicant) {
  const consents = ['kyc', ...(applicant.whatsappOpt ? ['communication'] : [])];
  return writes.signUp(
    tx,
    applicant,
    {
      stage: STAGE.MOBILE,
      next: STAGE.EMAIL,
      sections: sealSections(cipher, { [RULE_SET_SECTION]: startingRuleSet(new Date()) }),
      review: { stage: STAGE.STATUS, payloadEnc: reviewPending(cipher) },
    },
    { purposes: consents, granted: consents.map(() => true), noticeVersion: PRIVACY_NOTICE_VERSION, source: 'sign-up' },
  );
}

/**
 * completeStage's record work, one statement (on its own, or in the transaction given). Signing
 * leads to the final stage, which has nothing left for the applicant to do and waits for review:
 * its entry becomes Pending (the progress bar counts Accept or Pending entries: 12 of 12), and
 * the review status exists from that moment (review_obj Pending, unless a reviewer already set one).
 */
export async function completeStageIn(
  cipher: Cipher,
  tx: Tx,
  applicantId: string,
  stage: StageCode,
  options: CompleteStageOptions,
  unlessSigned = false,
): Promise<number | typeof SIGNED> {
  const { signed, target, outside } = await writes.completeStage(
    tx,
    applicantId,
    {
      stage,
      next: options.next ?? nextStage(stage),
      sections: sealSections(cipher, options.sections ?? {}),
      review: { stage: STAGE.STATUS, payloadEnc: reviewPending(cipher) },
      ...(options.action && { window: ACTION_WINDOWS[options.action] }),
      files: options.files?.map((f) => f.row),
    },
    unlessSigned,
  );
  if (outside) throw stageMoved(outside);
  if (signed) return SIGNED;
  if (target === undefined) throw new AppError('UNAUTHORIZED');
  return target;
}

/** The review status an application entering review gets when it has none: review_obj Pending. */
export const reviewPending = (cipher: Cipher) => cipher.encryptJson({ status: 'Pending', text: MSG.statusUnderReview });

/** completeStageIn's answer when asked to complete only an unsigned application and it is signed. */
export const SIGNED = 'signed' as const;

/**
 * After a signed applicant's rework, under the row lock: when the record no longer matches the
 * form signed last (`changes`), the e-sign stage becomes current with no decision (a new form
 * version to sign), and each stage whose printed data changed loses its acceptance (Pending again).
 * Returns whether the signature is void.
 */
export async function voidSignatureIfChanged(
  tx: Tx,
  applicantId: string,
  changes: SignedChanges | null,
): Promise<boolean> {
  if (!changes) return false;
  const stages = await repo.stages(tx, applicantId);
  const changed = new Set(changes.fields.map((f) => f.stage));
  for (const s of stages)
    if (changed.has(s.stage) && s.adminActivity === 'Accept')
      await repo.upsertStage(tx, applicantId, s.stage, 'Pending');
  await repo.upsertStage(tx, applicantId, STAGE.ESIGN, null);
  await repo.moveStageToEnd(tx, applicantId, STAGE.ESIGN);
  await repo.audit(tx, applicantId, {
    action: 'esign.voided',
    stage: STAGE.ESIGN,
    after: { changed_stages: [...changed], fields: changes.fields.map((f) => f.label) },
  });
  return true;
}
