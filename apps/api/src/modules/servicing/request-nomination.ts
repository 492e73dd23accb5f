/**
 * A nomination request: add, change or opt out, under the rules in force on the request's day
 * (regulation.ts: from 1 Sep 2026 at most three nominees, name and relationship mandatory, equal
 * shares with the odd unit to the first nominee when none are given; SEBI circular of 29 May 2026).
 * The request is kept as a draft with its one-page form; the client signs it with Aadhaar eSign
 * (sign-request.ts), which validates an opt-out too (the 2026 norms accept eSign).
 */
import { nominationRequestSchema, type ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { fullNomineeName } from '@ekyc/contracts/calls/update-nominee';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { ServicingDeps } from './deps.ts';
import { AppError, invalidFieldIssue } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { type NominationNominee, type RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'now'>;

/** Equal shares in whole percent, the odd remainder to the first nominee. */
export function equalShares(count: number): string[] {
  const each = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => String(i === 0 ? 100 - each * (count - 1) : each));
}

/** The rule set of the day: how many nominees, which fields are mandatory. */
export function nominationRuleOf(now: Date) {
  const rules = ruleSetOn(indianDay(now));
  return { id: rules.id, max: rules.values.nomineeMax, mandatory: rules.values.nomineeMandatory };
}

export async function requestNomination(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView }>> {
  const now = new Date(deps.now());
  const rule = nominationRuleOf(now);
  const parsed = nominationRequestSchema({ max: rule.max, mandatory: rule.mandatory, now: () => now }).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
  }
  const open = await repo.openOfKind(deps.database.db, applicantId, 'nomination');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'nominationRequestUnderWay');
  const given = parsed.data.nominees;
  const shares = given.every((n) => n.percentage_share === '') ? equalShares(given.length || 1) : null;
  const nominees: NominationNominee[] = given.map((n, i) => ({
    name: fullNomineeName(n),
    relation: n.nominee_relation,
    share: shares ? shares[i]! : String(n.percentage_share),
    dob: n.dob,
    minor: n.is_minor || n.gaurdian_name.trim() !== '',
    guardianName: n.gaurdian_name.trim(),
    address: n.address
      ? { line1: n.address, line2: n.address2, city: n.city, state: n.state, pincode: n.pincode }
      : null,
  }));
  const payload: RequestPayload = { kind: 'nomination', opt_out: parsed.data.opt_out, nominees };
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'nomination',
      status: 'draft',
      payloadEnc: deps.cipher.encryptJson(payload),
      ruleSet: rule.id,
    });
    await repo.audit(
      tx,
      applicantId,
      'service_request.drafted',
      {
        request: created.id,
        kind: 'nomination',
        opt_out: payload.opt_out,
        nominees: nominees.length,
        rule_set: rule.id,
      },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('nominationRequestSaved', { request: requestView(deps, row, sessionId) });
}
