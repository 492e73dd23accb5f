/**
 * The automated checks of an application as the reviewer weighs them: each read from the section
 * its step wrote, with that step's source, value, threshold and verdict. A check the step did not
 * record is left out rather than filled from a look-alike field of another step.
 */
import type { CheckVerdict, ReviewCheck } from '@ekyc/contracts/calls/backoffice-application';
import type { QueueItem } from '@ekyc/contracts/calls/backoffice-queue';

type Section = Record<string, unknown> | undefined;

const obj = (v: unknown): Section =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const verdictOf = (passed: boolean | undefined): CheckVerdict =>
  passed === undefined ? 'not_run' : passed ? 'pass' : 'fail';

/** livness_obj (selfie step): the hosted module, the liveness of the selfie, its match with the Aadhaar photo. */
function selfieChecks(liveness: Section): ReviewCheck[] {
  if (!liveness) return [];
  const reasons = Array.isArray(liveness.review_reasons) ? liveness.review_reasons.map(String) : [];
  const reasonAmong = (...codes: string[]) => reasons.find((r) => codes.includes(r)) ?? null;
  const checks: ReviewCheck[] = [];
  const moduleOutcome = str(liveness.module_outcome) ?? str(liveness.status);
  if (moduleOutcome)
    checks.push({
      key: 'liveness_module',
      source: 'liveness_module',
      value: moduleOutcome,
      threshold: null,
      verdict: moduleOutcome === 'auto_approved' ? 'pass' : 'review',
      reason: moduleOutcome === 'auto_approved' ? null : 'module_needs_review',
      section: 'livness_obj',
    });
  const live = bool(liveness.live);
  if (live !== undefined || num(liveness.live_confidence) !== null)
    checks.push({
      key: 'liveness',
      source: 'liveness_provider',
      value: num(liveness.live_confidence),
      threshold: null,
      verdict: verdictOf(live),
      reason: live === false ? 'not_live' : null,
      section: 'livness_obj',
    });
  const match = bool(liveness.face_match);
  checks.push({
    key: 'face_match',
    source: 'face_match_provider',
    value: num(liveness.face_match_score),
    threshold: num(liveness.face_match_threshold),
    verdict: verdictOf(match),
    reason:
      match === false
        ? 'face_mismatch'
        : match === undefined
          ? (reasonAmong('no_aadhaar_photo', 'face_match_unavailable') ?? 'not_recorded')
          : null,
    section: 'livness_obj',
  });
  return checks;
}

/** pan_obj exists only once the income-tax source confirmed the PAN, its name and date of birth. */
function panChecks(pan: Section): ReviewCheck[] {
  if (!str(pan?.pan_number)) return [];
  return [
    {
      key: 'pan_name_dob',
      source: 'pan_provider',
      value: str(pan!.full_name) ?? str(pan!.name_on_card) ?? null,
      threshold: null,
      verdict: 'pass',
      reason: null,
      section: 'pan_obj',
    },
  ];
}

const BANK_SOURCES = { penny_drop: 'penny_drop', upi: 'upi', document: 'document' } as const;

/** bank_obj: the account holder's name at the bank against the name on PAN, and the cheque read. */
function bankChecks(bank: Section): ReviewCheck[] {
  if (!bank) return [];
  const checks: ReviewCheck[] = [];
  const nameMatch = obj(bank.name_match);
  const method = str(obj(bank.verification)?.method);
  if (nameMatch) {
    const result = str(nameMatch.result);
    checks.push({
      key: 'bank_name_match',
      source: method && method in BANK_SOURCES ? BANK_SOURCES[method as keyof typeof BANK_SOURCES] : 'penny_drop',
      value: num(nameMatch.score),
      // name-match.ts: exact or close passes, a mismatch goes to a document and a reviewer
      threshold: 'exact or close',
      verdict: result === undefined ? 'not_run' : result === 'mismatch' ? 'fail' : 'pass',
      reason: str(nameMatch.reason) ?? null,
      section: 'bank_obj',
    });
  }
  const cheque = obj(bank.cheque_ocr);
  if (cheque) {
    const mismatch = cheque.ifsc_matches === false || cheque.account_matches === false;
    checks.push({
      key: 'cheque',
      source: 'cheque_ocr',
      value: cheque.legible === false ? 'illegible' : mismatch ? 'differs' : 'matches',
      threshold: null,
      verdict: mismatch ? 'fail' : cheque.legible === false ? 'review' : 'pass',
      reason: mismatch ? (cheque.ifsc_matches === false ? 'ifsc_differs' : 'account_differs') : null,
      section: 'bank_obj',
    });
  }
  return checks;
}

/** esign_obj: the signer certificate's name (the ESP's Aadhaar eKYC) against the Aadhaar name on record. */
function esignChecks(esign: Section): ReviewCheck[] {
  const m = obj(esign?.signer_name_match);
  if (!m) return [];
  const result = str(m.result);
  return [
    {
      key: 'esign_signer_name',
      source: 'esign_certificate',
      value: str(m.signer_name) ?? null,
      against: str(m.aadhaar_name) ?? null,
      threshold: 'exact or close',
      verdict: result === 'mismatch' ? 'fail' : result === 'not_recorded' ? 'not_run' : 'pass',
      reason: result === 'mismatch' ? 'signer_name_differs' : result === 'not_recorded' ? 'no_aadhaar_name' : null,
      section: 'esign_obj',
    },
  ];
}

export function reviewChecks(sections: Record<string, unknown>): ReviewCheck[] {
  return [
    ...selfieChecks(obj(sections['livness_obj'])),
    ...panChecks(obj(sections['pan_obj'])),
    ...bankChecks(obj(sections['bank_obj'])),
    ...esignChecks(obj(sections['esign_obj'])),
  ];
}

/** The liveness step sent the selfie to a person (no location, face match unavailable, a failed check…). */
export function selfieNeedsReview(liveness: unknown): boolean {
  const section = obj(liveness);
  return (
    section?.status === 'needs_review' || (Array.isArray(section?.review_reasons) && section.review_reasons.length > 0)
  );
}

/**
 * What the queue flags in red: a failed face match or liveness check; otherwise a selfie the
 * liveness step sent to manual review.
 */
export function queueAlerts(liveness: unknown): QueueItem['alerts'] {
  const checks = selfieChecks(obj(liveness));
  const failed = (key: ReviewCheck['key']) => checks.some((c) => c.key === key && c.verdict === 'fail');
  const alerts: QueueItem['alerts'] = [
    ...(failed('face_match') ? (['face_match'] as const) : []),
    ...(failed('liveness') ? (['liveness'] as const) : []),
  ];
  return alerts.length === 0 && selfieNeedsReview(liveness) ? ['needs_review'] : alerts;
}
