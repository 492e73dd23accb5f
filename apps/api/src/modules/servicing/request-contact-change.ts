/**
 * A change of the mobile or the e-mail: an OTP to the contact on record and another to the new one
 * (both must be right), and one contact per client: a mobile is one client's only (it is their
 * sign-in), an e-mail another client gives too needs the family declaration (spouse, dependent
 * child, dependent parent; BSE 20240104-26). The draft is signed with Aadhaar eSign, reviewed
 * four-eyed and sent to the KRA, the depository and each exchange's UCC; once done, the client
 * area's sign-in takes the new mobile.
 */
import type { Language } from '@ekyc/contracts/constants';
import { contactChangeRequestSchema, contactOtpRequestSchema } from '@ekyc/contracts/calls/client-contact';
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { indianDay, ruleSetOn } from '@ekyc/contracts/regulation';
import type { z } from 'zod';
import type { ServicingDeps } from './deps.ts';
import { AppError, invalidFieldIssue } from '../../lib/errors.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import type { RequestPayload } from './request-payload.ts';
import { requestView } from './request-view.ts';
import { servicingRepository as repo } from './servicing.repository.ts';

type Deps = Pick<ServicingDeps, 'database' | 'cipher' | 'records' | 'otp' | 'messaging' | 'now'>;
type Field = 'mobile' | 'email';
type Refusal = { reason: 'same' | 'in_use' | 'family_declaration_required' | 'otp_old' | 'otp_new' };

const target = (applicantId: string, which: 'old' | 'new', value: string) =>
  `contact-change:${applicantId}:${which}:${value}`;

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw invalidFieldIssue(issue.path.join('.') || 'body', issue);
}

async function currentOf(deps: Deps, applicantId: string, field: Field): Promise<string> {
  const applicant = await deps.records.get(applicantId);
  const current = field === 'mobile' ? applicant.mobile : (applicant.email ?? '');
  if (!current) throw new AppError('CONFLICT', 'noEmailOnRecord');
  return current;
}

/** The one-contact rule: a mobile another client signs in with is refused; a shared e-mail needs the family's declaration. */
async function contactRule(
  deps: Deps,
  applicantId: string,
  field: Field,
  value: string,
): Promise<'free' | 'in_use' | 'family'> {
  const held = await deps.records.contactHeldByOthers(
    applicantId,
    field === 'mobile' ? { mobile: value } : { email: value },
  );
  if (!held) return 'free';
  return field === 'mobile' ? 'in_use' : 'family';
}

async function requireNoOpen(deps: Deps, applicantId: string): Promise<void> {
  const open = await repo.openOfKind(deps.database.db, applicantId, 'contact');
  if (open && open.status !== 'draft') throw new AppError('CONFLICT', 'contactRequestUnderWay');
}

async function sendCode(deps: Deps, field: Field, to: string, targetKey: string, language: Language) {
  // stored once sent
  return deps.otp.issue(field, targetKey, async ({ code, expiresIn }) => {
    const texts = MESSAGE_TEXTS[language];
    const minutes = Math.round(expiresIn / 60);
    await deps.messaging.send(
      field === 'mobile'
        ? { channel: 'sms', to, template: 'otp', text: texts.otp(code, minutes), otp: code, language }
        : {
            channel: 'email',
            to,
            template: 'otp',
            subject: texts.emailOtpSubject,
            text: texts.emailOtp(code, minutes),
            otp: code,
            language,
          },
    );
  });
}

/** POST client/requests/contact/otp: one code to the contact on record, another to the new one. */
export async function sendContactOtps(
  deps: Deps,
  applicantId: string,
  body: unknown,
  language: Language,
): Promise<Outcome<{ resend_after: number; expires_in: number; family_declaration_required: boolean } | Refusal>> {
  const { field, value } = parse(contactOtpRequestSchema, body);
  await requireNoOpen(deps, applicantId);
  const current = await currentOf(deps, applicantId, field);
  if (current === value) return fail('contactSame', { reason: 'same' as const });
  const rule = await contactRule(deps, applicantId, field, value);
  if (rule === 'in_use') return fail('contactInUse', { reason: 'in_use' as const });
  const old = await sendCode(deps, field, current, target(applicantId, 'old', current), language);
  const fresh = await sendCode(deps, field, value, target(applicantId, 'new', value), language);
  return ok('contactOtpsSent', {
    resend_after: Math.max(old.resendAfter, fresh.resendAfter),
    expires_in: Math.min(old.expiresIn, fresh.expiresIn),
    family_declaration_required: rule === 'family',
  });
}

/** POST client/requests/contact: both codes right, the one-contact rule kept; the draft is kept. */
export async function requestContactChange(
  deps: Deps,
  applicantId: string,
  sessionId: string,
  body: unknown,
): Promise<Outcome<{ request: ServiceRequestView } | Refusal>> {
  const input = parse(contactChangeRequestSchema, body);
  await requireNoOpen(deps, applicantId);
  const current = await currentOf(deps, applicantId, input.field);
  if (current === input.value) return fail('contactSame', { reason: 'same' as const });
  const rule = await contactRule(deps, applicantId, input.field, input.value);
  if (rule === 'in_use') return fail('contactInUse', { reason: 'in_use' as const });
  const family =
    rule === 'family' && input.family_relation && input.family_holder_name
      ? { relation: input.family_relation, holderName: input.family_holder_name }
      : null;
  if (rule === 'family' && !family)
    return fail('familyDeclarationRequired', { reason: 'family_declaration_required' as const });
  // the rule first (it uses no code up), then both codes: the one on record, then the new one
  const old = await deps.otp.verify(input.field, target(applicantId, 'old', current), input.otp_old);
  if (!old.ok) return fail(old.message, { reason: 'otp_old' as const });
  const fresh = await deps.otp.verify(input.field, target(applicantId, 'new', input.value), input.otp_new);
  if (!fresh.ok) return fail(fresh.message, { reason: 'otp_new' as const });
  const payload: RequestPayload = {
    kind: 'contact',
    field: input.field,
    value: input.value,
    previous: current,
    family,
    verifiedAt: new Date(deps.now()).toISOString(),
  };
  const ruleSet = ruleSetOn(indianDay(new Date(deps.now()))).id;
  const row = await deps.database.db.transaction(async (tx) => {
    const created = await repo.insert(tx, {
      applicantId,
      kind: 'contact',
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
        kind: 'contact',
        field: input.field,
        verified: 'otp_old_and_new',
        family: family?.relation ?? null,
      },
      { kind: 'applicant', id: applicantId },
    );
    return created;
  });
  return ok('contactRequestSaved', { request: requestView(deps, row, sessionId) });
}
