/**
 * A change or addition of bank accounts: a primary account and up to four more. Each account is
 * verified through the journey's bank verification port before the request is drafted (IFSC
 * lookup, penny drop, the holder's name matched with the name on PAN, lib/name-match.ts), or is one
 * the client paid Rs 1 from by UPI (a reverse penny drop, bank-upi-payment.ts); the draft
 * is then signed with Aadhaar eSign (sign-request.ts) and reviewed four-eyed like a nomination.
 */
import { bankChangeRequestSchema } from '@ekyc/contracts/calls/client-bank';
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import { AppError, invalidField, invalidFieldIssue } from '../../lib/errors.ts';
import { matchHolderName, namePasses } from '../../lib/name-match.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import type { PennyDropResult } from '../../providers/bank-verification/port.ts';
import type { RequestBankAccount, RequestPayload } from './request-payload.ts';
import { paidAccountOf } from './bank-upi-payment.ts';
import { requestView } from './request-view.ts';
import { upiPaymentsRepository as payments } from './upi-payments.repository.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'config' | 'database' | 'cipher' | 'records' | 'bank' | 'now'>;

type Refusal = { reason: 'not_verified' | 'name_mismatch' | 'payment_not_verified'; account: number };

export async function requestBankChange(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView } | Refusal>> {
  const parsed = bankChangeRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const open = await repo.openOfKind(deps.database.db, applicantId, 'bank');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'bankRequestUnderWay');
  const [applicant, pan] = await Promise.all([
    deps.records.get(applicantId),
    deps.records.getSection(applicantId, 'pan_obj'),
  ]);
  const name = pan?.full_name ?? pan?.name_on_card ?? '';
  const given = parsed.data.accounts;
  // the primary is the one flagged, or the first
  const primaryAt = Math.max(
    given.findIndex((a) => a.primary),
    0,
  );
  const accounts: RequestBankAccount[] = [];
  const paid: string[] = [];
  for (const [i, a] of given.entries()) {
    if ('upi_payment' in a) {
      // paid from the client's UPI app: the provider named the account, the name matched already
      const upi = await paidAccountOf(deps, applicantId, a.upi_payment);
      if (!upi) return fail('bankUpiNotVerified', { reason: 'payment_not_verified', account: i });
      paid.push(a.upi_payment);
      accounts.push({
        ifsc: upi.ifsc,
        micr: upi.micr,
        bankName: upi.bankName,
        branch: upi.branch,
        accountNumber: upi.accountNumber,
        accountType: a.account_type,
        primary: i === primaryAt,
        verification: {
          method: 'upi_rpd',
          reference: a.upi_payment,
          nameMatch: upi.nameMatch,
          score: upi.score,
          at: upi.at,
        },
      });
      continue;
    }
    const branch = await deps.bank.ifsc.lookup(a.ifsc);
    if (!branch) throw invalidField(`accounts.${i}.ifsc`, 'ifscInvalid');
    let result: PennyDropResult;
    try {
      result = await deps.bank.pennyDrop.verify({
        ifsc: a.ifsc,
        accountNumber: a.account_number,
        expectedName: name,
        phone: applicant.mobile,
      });
    } catch {
      result = { outcome: 'invalid', code: 'PROVIDER_ERROR', reason: 'The bank could not be reached' };
    }
    if (result.outcome !== 'valid') return fail('bankAccountNotVerified', { reason: 'not_verified', account: i });
    const match = matchHolderName(result.nameAtBank, name);
    if (!namePasses(match)) return fail('bankNameMismatch', { reason: 'name_mismatch', account: i });
    accounts.push({
      ifsc: branch.IFSC,
      micr: branch.MICR ?? '',
      bankName: branch.BANK,
      branch: branch.BRANCH ?? '',
      accountNumber: a.account_number,
      accountType: a.account_type,
      primary: i === primaryAt,
      verification: {
        method: 'penny_drop',
        reference: result.reference,
        nameMatch: match.result,
        score: match.score,
        at: new Date(deps.now()).toISOString(),
      },
    });
  }
  // the primary first: the depository and the exchanges are sent it as the client's bank
  accounts.sort((x, y) => Number(y.primary) - Number(x.primary));
  const payload: RequestPayload = { kind: 'bank', accounts };
  const ruleSet = ruleSetOn(indianDay(new Date(deps.now()))).id;
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'bank',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet,
    });
    for (const id of paid)
      if (!(await payments.use(tx, id, created.id))) throw new AppError('CONFLICT', 'upiPaymentUsed');
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      {
        request: created.id,
        kind: 'bank',
        accounts: accounts.map((x) => ({ ifsc: x.ifsc, last4: x.accountNumber.slice(-4), primary: x.primary })),
        verification: accounts.map((x) => x.verification),
      },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('bankRequestSaved', { request: requestView(deps, row, sessionId) });
}
