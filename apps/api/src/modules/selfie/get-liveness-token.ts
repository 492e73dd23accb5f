/**
 * get-hypervege-token: a fresh transaction and a token for the hosted liveness module (section 7).
 * While the liveness provider is over its day's budget the applicant waits in its queue here,
 * before taking the selfie.
 */
import type { GetHypervegeTokenData } from '@ekyc/contracts/calls/get-hypervege-token';
import type { SelfieDeps } from './deps.ts';
import { randomId } from '../../lib/crypto.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { LIVENESS_PRIVATE, type LivenessState } from './liveness-state.ts';
import { type ActionKind, randomAction } from './kyc-capture.ts';
import { inTurn } from '../../records/provider-queue.ts';
import { RULE_SET_SECTION, ruleSetFrom } from '../../records/rule-set.ts';

type Deps = Pick<SelfieDeps, 'config' | 'database' | 'records' | 'liveness'>;

/** `action` names the kind of action the applicant asks for instead of one they cannot do. */
export async function getLivenessToken(
  deps: Deps,
  applicantId: string,
  action?: ActionKind,
): Promise<Outcome<GetHypervegeTokenData>> {
  const read = await deps.records.requireStageWith(applicantId, 'get-hypervege-token', [RULE_SET_SECTION]);
  const transactionId = `lv_${randomId(12)}`;
  const token = await inTurn(deps.database.db, deps.config.surge.queue, 'liveness', applicantId, () =>
    deps.liveness.createToken(transactionId),
  );
  // the application's rule set says whether a random action is asked (KYC through an app)
  const chosen = ruleSetFrom(read).values.kycAppControls.randomAction
    ? randomAction(new Date(), deps.config.livenessActions, action)
    : undefined;
  const state: LivenessState = {
    transaction_id: transactionId,
    token_created_at: new Date().toISOString(),
    ...(chosen && { action: chosen }),
  };
  await deps.records.save(applicantId, { [LIVENESS_PRIVATE]: state }, { action: 'get-hypervege-token' });
  return ok('livenessToken', {
    token: token.token,
    transaction_id: token.transactionId,
    workflow_id: token.workflowId,
    module_url: token.moduleUrl,
    expires_in: token.expiresIn,
    ...(chosen && { action: chosen }),
    actions: deps.config.livenessActions,
  });
}
