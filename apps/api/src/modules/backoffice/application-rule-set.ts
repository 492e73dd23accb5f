/**
 * The rule set an application follows, for the back office: the set, the day the application
 * started, earlier moves, and the newer sets in force with what each would change. Moving to a
 * newer set is audited with the changes listed.
 */
import { indianDay, RULE_SET_IDS, ruleSetChanges, type RuleDifference } from '@ekyc/contracts/regulation';
import type { BackofficeDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { moveRuleSet, pinnedRuleSet, type PinnedRuleSet } from '../../records/rule-set.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { standingRepository as standingRepo } from './standing.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

type Deps = Pick<BackofficeDeps, 'database' | 'records' | 'now'>;

export interface ApplicationRuleSet extends PinnedRuleSet {
  newer: { id: string; changes: RuleDifference[] }[];
}

async function requireApplication(deps: Deps, applicantId: string) {
  const standing = isUuid(applicantId) ? await standingRepo.standingOf(deps.database.db, applicantId) : undefined;
  if (!standing) throw new AppError('NOT_FOUND', 'Application not found');
}

export async function getApplicationRuleSet(deps: Deps, applicantId: string): Promise<ApplicationRuleSet> {
  await requireApplication(deps, applicantId);
  const pinned = await pinnedRuleSet(deps.records, applicantId);
  const today = indianDay(new Date(deps.now()));
  const newer = RULE_SET_IDS.filter((id) => id > pinned.id && id <= today).map((id) => ({
    id,
    changes: ruleSetChanges(pinned.id, id),
  }));
  return { ...pinned, newer };
}

export async function moveApplicationRuleSet(
  deps: Deps,
  staffId: string,
  applicantId: string,
  to: string,
): Promise<ApplicationRuleSet> {
  await requireApplication(deps, applicantId);
  const moved = await moveRuleSet(deps.records, applicantId, to, staffId, new Date(deps.now()));
  const move = moved.moves.at(-1)!;
  await auditRepo.appendAudit(deps.database.db, {
    chain: applicantId,
    applicantId,
    actorKind: 'staff',
    actorId: staffId,
    action: 'application.rule_set_moved',
    before: { rule_set: move.from },
    after: { rule_set: move.to, changes: move.changes.map((c) => c.key) },
  });
  return getApplicationRuleSet(deps, applicantId);
}
