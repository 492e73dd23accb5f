/**
 * The voluntary freeze of online access (SEBI/HO/MIRSD/POD-1/P/CIR/2024/4, 12 Jan 2024, live 1 Jul
 * 2024): carried out at once on the client's call, with no review (the circular gives the broker 15
 * minutes during trading hours; this takes one call), pending orders cancelled by the trading
 * platform, confirmed on screen, by SMS and by e-mail, and audited. The unfreeze re-verifies the
 * client's identity: an OTP to the registered mobile, asked for afresh after signing in.
 */
import { ruleSetOn, indianDay } from '@ekyc/contracts/regulation';
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import type { Language } from '@ekyc/contracts/constants';
import type { ServicingDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import { requireClientCode } from './client-account.ts';
import { notifyClient } from './notify-client.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestNumber, requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<
  ServicingDeps,
  'database' | 'cipher' | 'records' | 'otp' | 'messaging' | 'tradingPlatform' | 'registrations' | 'now'
>;

const unfreezeTarget = (applicantId: string) => `unfreeze:${applicantId}`;

async function newRequest(deps: Deps, applicantId: string, payload: RequestPayload) {
  return repo.insert(deps.database.db, {
    applicantId,
    kind: payload.kind,
    status: 'draft',
    payloadEnc: deps.cipher.encryptJson(payload),
    ruleSet: ruleSetOn(indianDay(new Date(deps.now()))).id,
  });
}

export async function freezeOnlineAccess(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  reason: string,
): Promise<Outcome<{ request: ServiceRequestView }>> {
  const db = deps.database.db;
  if (await repo.freezeOf(db, applicantId)) throw new AppError('CONFLICT', 'accessFrozenAlready');
  const clientCode = await requireClientCode(deps, applicantId);
  const row = await newRequest(deps, applicantId, { kind: 'freeze', reason });
  // the platform first: the freeze is real before anything says it is
  const result = await deps.tradingPlatform.freeze(clientCode, requestNumber(row));
  const done = await db.transaction(async (tx) => {
    await repo.setFrozen(tx, applicantId, row.id, result.frozenAt, result.cancelledOrders);
    await repo.audit(
      tx,
      applicantId,
      'client.access_frozen',
      {
        request: requestNumber(row),
        frozen_at: result.frozenAt.toISOString(),
        cancelled_orders: result.cancelledOrders,
      },
      { kind: 'applicant', id: applicantId },
    );
    return repo.move(tx, row, 'carried_out');
  });
  await notifyClient(
    deps,
    applicantId,
    { number: requestNumber(done), kind: 'freeze', status: 'done', reason: null },
    (t) => t.frozen(result.cancelledOrders),
  );
  return ok('onlineAccessFrozen', { request: requestView(deps, done, sessionId) });
}

/** The OTP that re-verifies the client before an unfreeze. */
export async function sendUnfreezeOtp(
  deps: Deps,
  applicantId: string,
  language: Language,
): Promise<Outcome<{ resend_after: number; expires_in: number }>> {
  if (!(await repo.freezeOf(deps.database.db, applicantId))) throw new AppError('CONFLICT', 'accessNotFrozen');
  const applicant = await deps.records.get(applicantId);
  const issued = await deps.otp.issue('mobile', unfreezeTarget(applicantId), async ({ code, expiresIn }) => {
    await deps.messaging.send({
      channel: 'sms',
      to: applicant.mobile,
      template: 'otp',
      text: MESSAGE_TEXTS[language].otp(code, Math.round(expiresIn / 60)),
      otp: code,
      language,
      applicantId,
    });
  });
  return ok('otpSentMobile', { resend_after: issued.resendAfter, expires_in: issued.expiresIn });
}

export async function unfreezeOnlineAccess(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  otp: string,
): Promise<Outcome<{ request: ServiceRequestView } | { reason: 'otp' }>> {
  const db = deps.database.db;
  if (!(await repo.freezeOf(db, applicantId))) throw new AppError('CONFLICT', 'accessNotFrozen');
  const check = await deps.otp.verify('mobile', unfreezeTarget(applicantId), otp);
  if (!check.ok) return fail(check.message, { reason: 'otp' as const });
  const clientCode = await requireClientCode(deps, applicantId);
  const row = await newRequest(deps, applicantId, { kind: 'unfreeze' });
  await deps.tradingPlatform.unfreeze(clientCode, requestNumber(row));
  const done = await db.transaction(async (tx) => {
    await repo.clearFrozen(tx, applicantId);
    await repo.audit(
      tx,
      applicantId,
      'client.access_unfrozen',
      {
        request: requestNumber(row),
        verified_by: 'otp_registered_mobile',
      },
      { kind: 'applicant', id: applicantId },
    );
    return repo.move(tx, row, 'carried_out');
  });
  await notifyClient(deps, applicantId, {
    number: requestNumber(done),
    kind: 'unfreeze',
    status: 'done',
    reason: null,
  });
  return ok('onlineAccessRestored', { request: requestView(deps, done, sessionId) });
}
