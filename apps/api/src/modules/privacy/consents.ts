/**
 * get-consents, update-consent and request-erasure (DPDP Act; the purposes of calls/consents.ts, regulation.ts
 * legalHoldYears). The applicant sees the consent in force per purpose with its notice version, and
 * withdraws or gives communication and marketing consent as easily as it was asked. Withdrawing the
 * KYC consent is the erasure request: before the application is signed the record is erased at once
 * and the applicant signed out; once signed (records/signed.ts: a reviewer's send-back to an earlier
 * stage does not unsign it), a legal hold keeps it for the rule set's years (PMLA: after the
 * relationship ends) and the hourly sweep erases it when the hold ends.
 */
import { type ConsentsData, type updateConsentRequestSchema } from '@ekyc/contracts/calls/consents';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { ruleSetOf } from '../../records/rule-set.ts';
import { isSigned } from '../../records/signed.ts';

type Deps = Pick<AppDeps, 'database' | 'records' | 'consents' | 'sessions' | 'now'>;

export async function getConsents(deps: Deps, applicantId: string): Promise<Outcome<ConsentsData>> {
  return ok('Consents', await deps.consents.view(applicantId));
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
  return ok(input.granted ? 'Consent given' : 'Consent withdrawn', await deps.consents.view(applicantId));
}

/** The request itself is confirmed by its schema (confirm: true); nothing else in it. */
export async function requestErasure(
  deps: Deps,
  applicantId: string,
): Promise<Outcome<ConsentsData & { signed_out: boolean }>> {
  const now = new Date(deps.now());
  const [applicant, signed, rules] = await Promise.all([
    deps.records.get(applicantId),
    isSigned(deps, applicantId),
    ruleSetOf(deps.records, applicantId),
  ]);
  const years = rules.values.legalHoldYears;
  const until = new Date(now);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  const source = rules.sources.legalHoldYears;
  const hold = signed
    ? {
        until,
        reason: `Your signed application is a client record we must keep for ${years} years after the relationship ends (${source.ref}, ${source.date}); it is erased after that.`,
      }
    : null;
  await deps.consents.requestErasure(applicantId, hold, now, {
    language: applicant.language,
    source: 'erasure-request',
  });
  if (hold) return ok('Erasure requested', { ...(await deps.consents.view(applicantId)), signed_out: false });
  const view = await deps.consents.view(applicantId);
  await deps.consents.erase(applicantId, now);
  await deps.sessions.revokeAll('applicant', applicantId);
  return ok('Your data has been erased', {
    ...view,
    erasure: { ...view.erasure!, erased_at: now.toISOString() },
    signed_out: true,
  });
}
