/**
 * The provider's notification for a UPI intent/QR payment (reverse penny drop). Paid from a bank
 * account (not a wallet) held in the PAN holder's name: the account (IFSC, number, branch) is
 * recorded as verified and the bank stage completes. Otherwise the vpa_callback says why and the
 * applicant returns to /bank-and-segment. Only the latest request counts, and only once.
 */
import type { VpaCallback } from '@ekyc/contracts/calls/vpa-validation';
import { MSG } from '@ekyc/contracts/messages';
import { ROUTE, STAGE } from '@ekyc/contracts/stages';
import type { BankDeps } from './deps.ts';
import type { ReversePennyDropNotification } from '../../providers/upi/port.ts';
import { panName } from './applicant-name.ts';
import { BANK_SCREEN, branchFields, verification } from './bank-record.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';
import { isUuid } from '../../lib/uuid.ts';

type Deps = Pick<BankDeps, 'records' | 'bank'>;

export async function receiveUpiIntent(deps: Deps, n: ReversePennyDropNotification): Promise<'applied' | 'ignored'> {
  const applicantId = n.reference?.split('.')[0] ?? '';
  if (!isUuid(applicantId)) return 'ignored';
  const pending = await deps.records.getSection(applicantId, '_bank_private');
  if (!pending || pending.kind !== 'intent' || pending.collect_id !== n.id || pending.reference !== n.reference)
    return 'ignored';
  if (pending.resolved) return 'ignored';
  const stored = await deps.records.getSection(applicantId, 'bank_obj');
  const now = new Date().toISOString();
  const nameMatch = n.holderName ? matchHolderName(n.holderName, await panName(deps, applicantId)) : null;
  const bankAccount = n.outcome === 'paid' && n.accountType !== 'PPI' && Boolean(n.ifsc && n.accountNumber);
  const approved = bankAccount && nameMatch !== null && namePasses(nameMatch);
  const branch = approved && n.ifsc ? await deps.bank.ifsc.lookup(n.ifsc).catch(() => null) : null;
  const account = {
    ...(n.ifsc && { ifsc: n.ifsc }),
    ...(n.accountNumber && { account_number: n.accountNumber }),
    ...(branch && branchFields(branch)),
  };

  if (approved && (await deps.records.currentStage(applicantId)) === STAGE.BANK_AND_SEGMENT) {
    const next = ROUTE.signature;
    const callback: VpaCallback = {
      status: 'Success',
      status_description: 'Success',
      message: MSG.bankVerified,
      code: 'bankVerified',
      vpa_id: n.payerVpa ?? '',
      screen: next,
      updated_at: now,
    };
    const move = await deps.records.completeStage(applicantId, STAGE.BANK_AND_SEGMENT, {
      sections: {
        bank_obj: {
          ...stored,
          ...account,
          vpa_id: n.payerVpa,
          name_match: nameMatch,
          bank_verify_edit: false,
          verification: verification('upi', 'verified'),
        },
        bank_callback: { vpa_callback: callback },
        _bank_private: { ...pending, resolved: true },
      },
    });
    if (move.screen !== next)
      await deps.records.save(applicantId, { bank_callback: { vpa_callback: { ...callback, screen: move.screen } } });
    return 'applied';
  }

  const why =
    n.outcome === 'expired'
      ? 'Expired'
      : n.outcome === 'failed'
        ? 'Declined'
        : !bankAccount
          ? 'Not a bank account'
          : 'Name mismatch';
  const callback: VpaCallback = {
    status: 'Failure',
    status_description: why,
    message: MSG.bankNotVerified,
    code: 'bankNotVerified',
    vpa_id: n.payerVpa ?? '',
    screen: BANK_SCREEN,
    updated_at: now,
  };
  await deps.records.save(applicantId, {
    bank_obj: {
      ...stored,
      bank_verify_edit: true,
      name_match: nameMatch,
      verification: verification('upi', why.toLowerCase()),
    },
    bank_callback: { vpa_callback: callback },
    _bank_private: { ...pending, resolved: true },
  });
  return 'applied';
}
