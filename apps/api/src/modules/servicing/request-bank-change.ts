/**
 * A change or addition of bank accounts: a primary account and up to four more. Each account is
 * verified through the journey's bank verification port before the request is drafted (IFSC
 * lookup, penny drop, the holder's name matched with the name on PAN, lib/name-match.ts); the draft
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
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'bank' | 'now'>;

type Refusal = { reason: 'not_verified' | 'name_mismatch'; account: number };

export async function requestBankChange(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView } | Refusal>> {
  const parsed = bankChangeRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue.message);
  }
  const open = await repo.openOfKind(deps.database.db, applicantId, 'bank');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'A bank request of yours is already under way.');
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
  for (const [i, a] of given.entries()) {
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
