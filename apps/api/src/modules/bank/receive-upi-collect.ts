/**
 * The UPI provider's notification that a collect request was approved, declined or expired, or
 * that a VPA check it answered as pending found the VPA invalid.
 * Approved: the bank stage completes and the vpa_callback says so; otherwise the vpa_callback
 * carries 'Your Bank yet not verified' and the applicant returns to /bank-and-segment.
 */
import type { VpaCallback } from '@ekyc/contracts/calls/vpa-validation';
import { MSG } from '@ekyc/contracts/messages';
import { ROUTE, STAGE } from '@ekyc/contracts/stages';
import type { BankDeps } from './deps.ts';
import type { UpiNotification } from '../../providers/upi/port.ts';
import { panName } from './applicant-name.ts';
import { BANK_SCREEN, verification } from './bank-record.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';
import { isUuid } from '../../lib/uuid.ts';

type Deps = Pick<BankDeps, 'records'>;

export async function receiveUpiCollect(deps: Deps, n: UpiNotification): Promise<'applied' | 'ignored'> {
  const applicantId = n.reference.split('.')[0] ?? '';
  if (!isUuid(applicantId)) return 'ignored';
  const pending = await deps.records.getSection(applicantId, '_bank_private');
  // Only the latest request counts, and only once (the provider may notify twice).
  // A VPA check carries our reference only; a payment also the collect request's id.
  if (
    !pending ||
    pending.kind === 'intent' ||
    pending.reference !== n.reference ||
    (n.kind === 'payment' && pending.collect_id !== n.id) ||
    pending.resolved
  )
    return 'ignored';
  const stored = await deps.records.getSection(applicantId, 'bank_obj');
  const stage = await deps.records.currentStage(applicantId);
  const now = new Date().toISOString();

  const nameMatch = n.payerName
    ? matchHolderName(n.payerName, await panName(deps, applicantId))
    : (stored?.name_match ?? null);
  const approved = n.kind === 'payment' && n.outcome === 'approved' && (!nameMatch || namePasses(nameMatch));

  if (approved && stage === STAGE.BANK_AND_SEGMENT) {
    const next = { stage: STAGE.SIGNATURE, screen: ROUTE.signature };
    const callback: VpaCallback = {
      status: 'Success',
      status_description: 'Success',
      message: MSG.bankVerified,
      code: 'bankVerified',
      vpa_id: pending.vpa,
      screen: next.screen,
      updated_at: now,
    };
    const move = await deps.records.completeStage(applicantId, STAGE.BANK_AND_SEGMENT, {
      sections: {
        bank_obj: {
          ...stored,
          vpa_id: pending.vpa,
          name_match: nameMatch,
          bank_verify_edit: false,
          verification: verification('upi', 'verified'),
        },
        bank_callback: { vpa_callback: { ...callback, screen: next.screen } },
        _bank_private: { ...pending, resolved: true },
      },
    });
    if (move.screen !== next.screen)
      await deps.records.save(applicantId, { bank_callback: { vpa_callback: { ...callback, screen: move.screen } } });
    return 'applied';
  }

  const callback: VpaCallback = {
    status: 'Failure',
    status_description:
      n.kind === 'vpa'
        ? 'Invalid UPI id'
        : n.outcome === 'approved'
          ? 'Name mismatch'
          : n.outcome === 'expired'
            ? 'Expired'
            : 'Declined',
    message: n.kind === 'vpa' ? MSG.upiInvalid : MSG.bankNotVerified,
    code: n.kind === 'vpa' ? 'upiInvalid' : 'bankNotVerified',
    vpa_id: pending.vpa,
    screen: BANK_SCREEN,
    updated_at: now,
  };
  await deps.records.save(applicantId, {
    bank_obj: {
      ...stored,
      vpa_id: pending.vpa,
      bank_verify_edit: true,
      name_match: nameMatch,
      verification: verification('upi', callback.status_description.toLowerCase()),
    },
    bank_callback: { vpa_callback: callback },
    _bank_private: { ...pending, resolved: true },
  });
  return 'applied';
}
