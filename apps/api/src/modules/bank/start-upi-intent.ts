/**
 * upi-intent: bank verification by UPI intent or QR (a reverse penny drop). The provider gives a
 * `upi://pay` link for Rs 1 (refunded); the applicant pays it from their UPI app, on this phone
 * or by scanning the QR from a desktop. The paying account (holder, IFSC, number) arrives on the
 * webhook (receive-upi-intent.ts); the wait screen watches the vpa_callback as for a collect.
 */
import { UPI_WAIT_S } from '@ekyc/contracts/constants';
import { qrCodeSvg } from '../../lib/qr-code.ts';
import type { BankDeps } from './deps.ts';
import { randomId } from '../../lib/crypto.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { takeBankAttempt } from './attempt-limit.ts';
import { type BankPrivate, CHEQUE_SCREEN, UPI_SCREEN, verification } from './bank-record.ts';
import { UPI_COMING_SOON } from './validate-vpa.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<BankDeps, 'config' | 'database' | 'records' | 'bank' | 'now'>;

export async function startUpiIntent(
  deps: Deps,
  applicantId: string,
  log: { warn: (o: object, m: string) => void },
): Promise<Outcome> {
  await deps.records.requireStage(applicantId, 'upi-intent');
  if (!deps.config.upiEnabled) return fail(UPI_COMING_SOON, { status_description: 'Failure', screen: ROUTE.addBank });
  if (!(await takeBankAttempt(deps, applicantId)))
    return fail('bankFailed', { status_description: 'Failure', screen: CHEQUE_SCREEN });

  const reference = `${applicantId}.${randomId(6)}`;
  let request;
  try {
    request = await deps.bank.reversePennyDrop.create(reference);
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'UPI intent request failed');
    return fail('somethingWrong', { status_description: 'Failure', screen: UPI_SCREEN });
  }
  const stored = await deps.records.getSection(applicantId, 'bank_obj');
  const pending: BankPrivate = {
    collect_id: request.id,
    kind: 'intent',
    reference,
    vpa: '',
    created_at: new Date().toISOString(),
    resolved: false,
  };
  await deps.records.save(applicantId, {
    bank_obj: { ...stored, bank_verify_edit: true, verification: verification('upi', 'pending') },
    _bank_private: pending,
    bank_callback: null,
  });
  const qr = await qrCodeSvg(request.upiLink);
  return ok('upiCheckApp', {
    status_description: 'Success',
    screen: UPI_SCREEN,
    wait_seconds: UPI_WAIT_S,
    upi_link: request.upiLink,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`,
    valid_upto: request.validUpto,
    ...(deps.config.sandbox && { upi_app_url: `/sandbox/rpd/pay/${encodeURIComponent(request.id)}` }),
  });
}
