/**
 * A single holder's opt-out of nomination: the declaration text is recorded with its version, and
 * confirmed by an OTP to the mobile and another to the e-mail (mode 'O'), or, where the rule set
 * allows, left for the Aadhaar e-sign of the form that prints it (mode 'esign').
 */
import { NOMINATION_OPT_OUT_DECLARATION } from '@ekyc/contracts/calls/update-nominee';
import type { RuleSet } from '@ekyc/contracts/regulation';
import type { NomineeDeps } from './deps.ts';
import { invalidField } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';

export interface NomineeOptOutRecord {
  declaration_version: string;
  declaration_text: string;
  /** 'O': OTP to mobile and e-mail; 'esign': validated by the e-sign of the form; 'declaration': older rule sets. */
  mode: 'O' | 'esign' | 'declaration';
  rule_set: string;
  declared_at: string;
  mobile_otp_at?: string;
  email_otp_at?: string;
}

const target = (applicantId: string, contact: string) => `nominee-opt-out:${applicantId}:${contact}`;

async function contactsOf(deps: Pick<NomineeDeps, 'records'>, applicantId: string) {
  const applicant = await deps.records.get(applicantId);
  if (!applicant.email) throw invalidField('email', 'emailRequired');
  return { mobile: applicant.mobile, email: applicant.email };
}

/** POST send-nominee-opt-out-otp: one code to the mobile, another to the e-mail. */
export async function sendOptOutOtps(
  deps: Pick<NomineeDeps, 'records' | 'otp' | 'messaging'>,
  applicantId: string,
): Promise<Outcome<{ resend_after: number; expires_in: number }>> {
  await deps.records.requireStage(applicantId, 'send-nominee-opt-out-otp');
  const { mobile, email } = await contactsOf(deps, applicantId);
  const text = (code: string) =>
    `${code} is your OTP to confirm that you do not wish to appoint a nominee for your demat account. Do not share it with anyone.`;
  // each code stored once its message went
  const bySms = await deps.otp.issue('mobile', target(applicantId, mobile), async ({ code }) => {
    await deps.messaging.send({
      channel: 'sms',
      to: mobile,
      template: 'otp',
      text: text(code),
      otp: code,
      applicantId,
    });
  });
  const byEmail = await deps.otp.issue('email', target(applicantId, email), async ({ code }) => {
    await deps.messaging.send({
      channel: 'email',
      to: email,
      template: 'otp',
      subject: 'Confirm opting out of nomination',
      text: text(code),
      otp: code,
      applicantId,
    });
  });
  return ok('nomineeOtpsSent', {
    resend_after: Math.max(bySms.resendAfter, byEmail.resendAfter),
    expires_in: bySms.expiresIn,
  });
}

/** Checks the opt-out's confirmation under the rule set and returns the record to keep. */
export async function confirmOptOut(
  deps: Pick<NomineeDeps, 'records' | 'otp'>,
  applicantId: string,
  rules: RuleSet,
  codes: { mobile_otp: string; email_otp: string } | undefined,
  now: Date,
): Promise<NomineeOptOutRecord> {
  const allowed = rules.values.nomineeOptOut;
  const base = {
    declaration_version: NOMINATION_OPT_OUT_DECLARATION.version,
    declaration_text: NOMINATION_OPT_OUT_DECLARATION.text,
    rule_set: rules.id,
    declared_at: now.toISOString(),
  };
  if (!codes) {
    if (allowed.includes('esign')) return { ...base, mode: 'esign' };
    if (allowed.includes('declaration')) return { ...base, mode: 'declaration' };
    throw invalidField('opt_out_otp', 'nomineeOptOutOtp');
  }
  const { mobile, email } = await contactsOf(deps, applicantId);
  let emailAt = '';
  // The mobile code is used up only once the e-mail code is right too, so a mistake in one keeps the other.
  const bySms = await deps.otp.verify('mobile', target(applicantId, mobile), codes.mobile_otp, async () => {
    const byEmail = await deps.otp.verify('email', target(applicantId, email), codes.email_otp);
    if (!byEmail.ok) throw invalidField('opt_out_otp.email_otp', byEmail.message);
    emailAt = new Date().toISOString();
  });
  if (!bySms.ok) throw invalidField('opt_out_otp.mobile_otp', bySms.message);
  const mobileAt = new Date().toISOString();
  return { ...base, mode: 'O', mobile_otp_at: mobileAt, email_otp_at: emailAt };
}
