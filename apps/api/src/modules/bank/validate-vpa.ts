/**
 * vpa-validation: checks the UPI id with the provider, then sends a Rs 1 collect request to the
 * applicant's UPI app. The answer arrives later on the webhook (receive-upi-collect.ts); the
 * wait screen watches the second element of the user details record for the vpa_callback.
 */
import type { vpaValidationRequestSchema } from '@ekyc/contracts/calls/vpa-validation';
import { PENNY_DROP_AMOUNT_RS, UPI_WAIT_S } from '@ekyc/contracts/constants';
import type { MessageKey } from '@ekyc/contracts/messages';
import type { z } from 'zod';
import type { BankDeps } from './deps.ts';
import { randomId } from '../../lib/crypto.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { isProviderOutage } from '../../providers/http.ts';
import { panName } from './applicant-name.ts';
import { takeBankAttempt } from './attempt-limit.ts';
import { type BankPrivate, CHEQUE_SCREEN, UPI_SCREEN, verification } from './bank-record.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<BankDeps, 'config' | 'database' | 'records' | 'bank' | 'now'>;

type Input = z.output<typeof vpaValidationRequestSchema>;

export const UPI_COMING_SOON = 'upiComingSoon';

/** Rs 1, refunded (section 9). */
const COLLECT_AMOUNT_PAISE = PENNY_DROP_AMOUNT_RS * 100;
/** The provider's minimum; the wait screen gives up after 58 s anyway. */
const COLLECT_EXPIRY_MINUTES = 2;

export async function validateVpa(
  deps: Deps,
  applicantId: string,
  input: Input,
  log: { warn: (o: object, m: string) => void },
): Promise<Outcome> {
  await deps.records.requireStage(applicantId, 'vpa-validation');
  // One reading of the spec marks UPI 'coming soon' (UPI_ENABLED=false): manual entry remains.
  if (!deps.config.upiEnabled) return fail(UPI_COMING_SOON, { status_description: 'Failure', screen: ROUTE.addBank });
  // Collect requests switched off (the aggregator no longer allows them): UPI intent/QR remains.
  if (!deps.config.upiCollectEnabled)
    return fail('somethingWrong', { status_description: 'Failure', screen: UPI_SCREEN });
  const vpa = input.vpa_id.toLowerCase();
  const failure = (message: MessageKey, extra: object = {}) =>
    fail(message, { status_description: 'Failure', screen: UPI_SCREEN, ...extra });

  // One reference for the VPA check and the collect request: a check the provider settles later
  // (pending) arrives on the webhook under it.
  const reference = `${applicantId}.${randomId(6)}`;
  let check;
  try {
    check = await deps.bank.upi.verifyVpa(vpa, reference);
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'UPI provider unavailable');
    return failure(isProviderOutage(err) ? 'upiProviderUnavailable' : 'somethingWrong');
  }
  if (check.state === 'invalid') return failure('upiInvalid');

  const stored = await deps.records.getSection(applicantId, 'bank_obj');
  const nameMatch = check.customerName ? matchHolderName(check.customerName, await panName(deps, applicantId)) : null;
  if (nameMatch && !namePasses(nameMatch)) {
    await deps.records.save(applicantId, {
      bank_obj: {
        ...stored,
        vpa_id: vpa,
        bank_verify_edit: true,
        name_match: nameMatch,
        verification: verification('upi', 'name_mismatch'),
      },
    });
    return fail('bankFailed', { status_description: 'Failure', screen: CHEQUE_SCREEN, name_match: nameMatch });
  }

  if (!(await takeBankAttempt(deps, applicantId)))
    return fail('bankFailed', { status_description: 'Failure', screen: CHEQUE_SCREEN });

  let collect;
  try {
    collect = await deps.bank.upi.createCollect({
      vpa,
      amountPaise: COLLECT_AMOUNT_PAISE,
      reference,
      note: 'Bank account verification',
      expireAfterMinutes: COLLECT_EXPIRY_MINUTES,
    });
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'UPI collect request failed');
    return failure(isProviderOutage(err) ? 'upiProviderUnavailable' : 'somethingWrong');
  }
  const pending: BankPrivate = {
    collect_id: collect.id,
    kind: 'collect',
    reference,
    vpa,
    created_at: new Date().toISOString(),
    resolved: false,
  };
  await deps.records.save(applicantId, {
    bank_obj: {
      ...stored,
      vpa_id: vpa,
      bank_verify_edit: true,
      name_match: nameMatch,
      verification: verification('upi', 'pending'),
    },
    _bank_private: pending,
    // A new request: the previous answer no longer applies.
    bank_callback: null,
  });
  return ok('upiCheckApp', {
    status_description: 'Success',
    screen: UPI_SCREEN,
    wait_seconds: UPI_WAIT_S,
    ...(nameMatch && { name_match: nameMatch }),
    ...(deps.config.sandbox && { upi_app_url: `/sandbox/upi/collect/${encodeURIComponent(collect.id)}` }),
  });
}
