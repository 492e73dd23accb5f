/**
 * get-consents, update-consent and request-erasure (DPDP Act; regulation.ts consentPurposes,
 * packages/contracts/src/retention.ts). The applicant sees the consent in force per purpose with its notice version, and
 * withdraws or gives communication and marketing consent as easily as it was asked. Withdrawing the
 * KYC consent is the erasure request: before the application is signed the record is erased at once
 * and the applicant signed out; once signed (records/signed.ts: a reviewer's send-back to an earlier
 * stage does not unsign it), a legal hold keeps what the law needs (retention.ts: while the account
 * is open, then each class's years after its closure), the rest is erased at once, and the hourly
 * sweep erases the record when the hold ends.
 */
import { type ConsentsData, type updateConsentRequestSchema } from '@ekyc/contracts/calls/consents';
import type { z } from 'zod';
import type { PrivacyDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { isSigned } from '../../records/signed.ts';
import { holdOf, minimise } from './retention.ts';

type Deps = Pick<
  PrivacyDeps,
  'database' | 'records' | 'consents' | 'sessions' | 'files' | 'messaging' | 'config' | 'now'
>;

export async function getConsents(deps: Deps, applicantId: string): Promise<Outcome<ConsentsData>> {
  return ok('consents', await deps.consents.view(applicantId));
}

export async function updateConsent(
  deps: Deps,
  applicantId: string,
  input: z.output<typeof updateConsentRequestSchema>,
): Promise<Outcome<ConsentsData>> {
  const current = (await deps.consents.view(applicantId)).purposes.find((p) => p.purpose === input.purpose);
  if (current?.granted !== input.granted) {
    // WhatsApp updates are the communication consent: the applicant's choice follows it
    if (input.purpose === 'communication') await deps.records.update(applicantId, { whatsappOpt: input.granted });
    else {
      const { language } = await deps.records.get(applicantId);
      await deps.consents.record(applicantId, [input], { language, source: 'app' });
    }
  }
  return ok(input.granted ? 'consentGiven' : 'consentWithdrawn', await deps.consents.view(applicantId));
}

/**
 * The request itself is confirmed by its schema (confirm: true); nothing else in it. A signed
 * application is a client record: what the law keeps stays (until the hold after the account's
 * closure ends; while the account is open the hold has no end yet), the rest is erased now.
 */
export async function requestErasure(
  deps: Deps,
  applicantId: string,
): Promise<Outcome<ConsentsData & { signed_out: boolean }>> {
  const now = new Date(deps.now());
  const [applicant, signed, closure] = await Promise.all([
    deps.records.get(applicantId),
    isSigned(deps, applicantId),
    deps.consents.closure(applicantId),
  ]);
  const context = { language: applicant.language, source: 'erasure-request' };
  if (signed) {
    const existing = await deps.consents.erasure(applicantId);
    const hold = holdOf(Boolean(applicant.clientCode), closure?.closedAt ?? null, now);
    await deps.consents.requestErasure(applicantId, hold, now, context);
    if (!existing?.minimisedAt) await minimise(deps, applicantId, now);
    return ok('erasureRequested', { ...(await deps.consents.view(applicantId)), signed_out: false });
  }
  await deps.consents.requestErasure(applicantId, null, now, context);
  const view = await deps.consents.view(applicantId);
  await deps.consents.erase(applicantId, now);
  await deps.sessions.revokeAll('applicant', applicantId);
  return ok('dataErased', {
    ...view,
    erasure: { ...view.erasure!, erased_at: now.toISOString() },
    signed_out: true,
  });
}
