/**
 * A bank request's UPI reverse penny drop, the alternative to typing an account: the client pays
 * Rs 1 (refunded) from their UPI app through the journey's reverse penny drop port; the provider's
 * notification (the bank module's webhook hands on what is no applicant's, records/client-upi-
 * payments.ts) names the paying account. A bank account (not a wallet) held in the PAN holder's
 * name is kept as verified, encrypted, and a bank request names it by the payment's id
 * (request-bank-change.ts).
 */
import type { ServicingDeps } from './deps.ts';
import { qrCodeSvg } from '../../lib/qr-code.ts';
import { AppError } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import type { ReversePennyDropNotification } from '../../providers/upi/port.ts';
import type { ClientUpiPayments } from '../../records/client-upi-payments.ts';
import { upiPaymentsRepository as payments } from './upi-payments.repository.ts';

type Deps = Pick<ServicingDeps, 'config' | 'database' | 'cipher' | 'records' | 'bank' | 'now'>;

/** The paying account as the notification named it, kept encrypted on the payment. */
export interface UpiPaidAccount {
  ifsc: string;
  micr: string;
  bankName: string;
  branch: string;
  accountNumber: string;
  holderName: string;
  payerVpa: string | null;
  nameMatch: string;
  score: number;
  at: string;
}

type Failure = 'declined' | 'expired' | 'not_a_bank_account' | 'name_mismatch';

/** POST client/requests/bank/upi: the link for a phone, the QR for a desktop. */
export async function startBankUpiPayment(
  deps: Deps,
  applicantId: string,
): Promise<
  Outcome<{ upi_payment: string; upi_link: string; qr_svg: string; valid_upto: string | null; upi_app_url?: string }>
> {
  if (!deps.config.upiEnabled) throw new AppError('UNAVAILABLE', 'upiNotOffered');
  // the applicant's id first: the provider echoes the reference (and the sandbox pays in the PAN name)
  const reference = `${applicantId}.c${randomId(6)}`;
  let request;
  try {
    request = await deps.bank.reversePennyDrop.create(reference);
  } catch {
    throw new AppError('UNAVAILABLE', 'upiStartFailed');
  }
  await payments.insert(deps.database.db, { id: request.id, applicantId, reference });
  const qr = await qrCodeSvg(request.upiLink);
  return ok('bankUpiPayment', {
    upi_payment: request.id,
    upi_link: request.upiLink,
    qr_svg: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`,
    valid_upto: request.validUpto,
    ...(deps.config.sandbox && { upi_app_url: `/sandbox/rpd/pay/${encodeURIComponent(request.id)}` }),
  });
}

/** GET client/requests/bank/upi/{id}: waiting, verified (the account masked) or failed with the reason. */
export async function bankUpiPaymentStatus(
  deps: Deps,
  applicantId: string,
  id: string,
): Promise<
  Outcome<{
    state: 'waiting' | 'verified' | 'failed';
    reason: Failure | null;
    account: { bank_name: string; ifsc: string; account_last4: string } | null;
  }>
> {
  const row = await payments.get(deps.database.db, id);
  if (!row || row.applicantId !== applicantId) throw new AppError('NOT_FOUND', 'notFound');
  const account = row.accountEnc ? deps.cipher.decryptJson<UpiPaidAccount>(row.accountEnc) : null;
  return ok('bankUpiPaymentStatus', {
    state: row.status,
    reason: (row.reason as Failure | null) ?? null,
    account: account && {
      bank_name: account.bankName,
      ifsc: account.ifsc,
      account_last4: account.accountNumber.slice(-4),
    },
  });
}

/** A verified, unused payment of this client: its account, for a bank request. */
export async function paidAccountOf(deps: Deps, applicantId: string, id: string): Promise<UpiPaidAccount | null> {
  const row = await payments.get(deps.database.db, id);
  if (!row || row.applicantId !== applicantId || row.status !== 'verified' || row.usedBy || !row.accountEnc)
    return null;
  return deps.cipher.decryptJson<UpiPaidAccount>(row.accountEnc);
}

/** The provider's notification for a client's payment: settled once. */
async function receive(deps: Deps, n: ReversePennyDropNotification): Promise<'applied' | 'ignored'> {
  const row = await payments.get(deps.database.db, n.id);
  if (!row || row.reference !== n.reference || row.status !== 'waiting') return 'ignored';
  const pan = await deps.records.getSection(row.applicantId, 'pan_obj');
  const name = String(pan?.full_name ?? pan?.name_on_card ?? '');
  const bankAccount = n.outcome === 'paid' && n.accountType !== 'PPI' && Boolean(n.ifsc && n.accountNumber);
  const match = bankAccount && n.holderName ? matchHolderName(n.holderName, name) : null;
  const failure: Failure | null =
    n.outcome === 'expired'
      ? 'expired'
      : n.outcome === 'failed'
        ? 'declined'
        : !bankAccount
          ? 'not_a_bank_account'
          : !match || !namePasses(match)
            ? 'name_mismatch'
            : null;
  const branch = !failure && n.ifsc ? await deps.bank.ifsc.lookup(n.ifsc).catch(() => null) : null;
  const account: UpiPaidAccount | null =
    !failure && match
      ? {
          ifsc: (n.ifsc ?? '').toUpperCase(),
          micr: branch?.MICR ?? '',
          bankName: branch?.BANK ?? (n.ifsc ?? '').slice(0, 4),
          branch: branch?.BRANCH ?? '',
          accountNumber: n.accountNumber ?? '',
          holderName: n.holderName ?? '',
          payerVpa: n.payerVpa,
          nameMatch: match.result,
          score: match.score,
          at: new Date(deps.now()).toISOString(),
        }
      : null;
  const settled = await payments.settle(deps.database.db, row.id, {
    status: account ? 'verified' : 'failed',
    reason: failure,
    accountEnc: account ? deps.cipher.encryptJson(account) : null,
  });
  return settled ? 'applied' : 'ignored';
}

export function clientUpiPayments(deps: Deps): ClientUpiPayments {
  return { receive: (n) => receive(deps, n) };
}
