/**
 * An operator corrects what a pre-check or a registrar refused (a placeholder email, a missing
 * income range, a mobile or email shared with another client), from the client's own request,
 * before sending the registration again. Only while a registration waits for an operator (on hold
 * or rejected).
 *
 * The record is signed, so a correction takes two people: one staff member proposes it, and it is
 * applied only when a different checker or administrator approves it. A new email is not used on
 * the approval alone: an OTP goes to the new address (the OTP service and the email port, as at
 * sign-up) and the correction is applied when the client's code is entered. The audit trail keeps
 * who proposed, approved and applied what and on what basis; the values themselves stay encrypted.
 */
import { randomUUID } from 'node:crypto';
import type { CorrectionView, RegistrationCorrection } from '@ekyc/contracts/calls/backoffice-registrations';
import { ANNUAL_INCOME, FAMILY_RELATIONS } from '@ekyc/contracts/enums';
import type { RegistrationsDeps } from './deps.ts';
import { staffRepository } from '../../auth/staff.repository.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { MESSAGE_TEXTS } from '../../providers/messaging/texts.ts';
import { type CorrectionRow, correctionsRepository as corrections } from './corrections.repository.ts';
import { registrationsRepository as repo } from './registrations.repository.ts';
import { isUuid } from '../../lib/uuid.ts';

type Deps = Pick<RegistrationsDeps, 'database' | 'records' | 'cipher' | 'otp' | 'messaging' | 'now'>;
type Staff = { id: string; role: string };
export type CorrectionData = { id: string; field: RegistrationCorrection['field']; status: CorrectionRow['status'] };

const data = (row: Pick<CorrectionRow, 'id' | 'field' | 'status'>): CorrectionData => ({
  id: row.id,
  field: row.field,
  status: row.status,
});
/** What the audit trail says of a correction: never the value itself. */
const audited = (c: RegistrationCorrection) => ({
  field: c.field,
  note: c.note,
  ...(c.field === 'family_declaration' && { relation: c.relation }),
});
/** The OTP's target: this correction's new address (apart from any sign-up code to the same address). */
const otpTarget = (row: CorrectionRow, email: string) => `correction:${row.id}:${email}`;

async function requireWaitingRegistration(deps: Deps, applicantId: string): Promise<void> {
  if (!isUuid(applicantId)) throw new AppError('NOT_FOUND');
  const rows = await repo.list(deps.database.db, applicantId);
  if (!rows.length) throw new AppError('NOT_FOUND', 'This application has no registrations.');
  if (!rows.some((r) => r.status === 'on_hold' || r.status === 'rejected'))
    throw new AppError('CONFLICT', 'Data can be corrected only while a registration is on hold or rejected.');
}

async function correctionOrNotFound(deps: Deps, applicantId: string, id: string): Promise<CorrectionRow> {
  const row =
    isUuid(applicantId) && isUuid(id) ? await corrections.correction(deps.database.db, applicantId, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Correction not found');
  return row;
}

/** The maker's step: the correction is kept, encrypted, until a second person approves it. */
export async function proposeCorrection(
  deps: Deps,
  applicantId: string,
  staffId: string,
  c: RegistrationCorrection,
): Promise<CorrectionData> {
  await requireWaitingRegistration(deps, applicantId);
  const row = {
    id: randomUUID(),
    applicantId,
    field: c.field,
    proposalEnc: deps.cipher.encryptJson(c),
    proposedBy: staffId,
    proposedAt: new Date(deps.now()),
  };
  await corrections.insertCorrection(deps.database.db, row);
  await repo.audit(deps.database.db, applicantId, 'registration.correction_proposed', null, audited(c), {
    kind: 'staff',
    id: staffId,
  });
  return data({ ...row, status: 'proposed' });
}

/** The checker's step: a different checker or administrator; an email waits for the client's OTP. */
export async function approveCorrection(
  deps: Deps,
  applicantId: string,
  staff: Staff,
  correctionId: string,
): Promise<CorrectionData> {
  const row = await correctionOrNotFound(deps, applicantId, correctionId);
  if (staff.role !== 'checker' && staff.role !== 'admin')
    throw new AppError('FORBIDDEN', 'Only a checker or an administrator can approve a correction.', {
      four_eyes: true,
    });
  if (row.proposedBy === staff.id)
    throw new AppError('FORBIDDEN', 'Four eyes: a different staff member must approve the correction.', {
      four_eyes: true,
    });
  if (row.status !== 'proposed') throw new AppError('CONFLICT', 'This correction was already decided.');
  await requireWaitingRegistration(deps, applicantId);
  const c = deps.cipher.decryptJson<RegistrationCorrection>(row.proposalEnc);
  const db = deps.database.db;
  const now = new Date(deps.now());
  if (c.field === 'email') {
    if (!(await corrections.moveCorrection(db, row.id, 'proposed', 'awaiting_otp', staff.id, now)))
      throw new AppError('CONFLICT', 'This correction was already decided.');
    await sendCorrectionOtp(deps, applicantId, row, c.value);
    await repo.audit(
      db,
      applicantId,
      'registration.correction_approved',
      null,
      { ...audited(c), otp_sent: true },
      {
        kind: 'staff',
        id: staff.id,
      },
    );
    return data({ ...row, status: 'awaiting_otp' });
  }
  if (!(await corrections.moveCorrection(db, row.id, 'proposed', 'applied', staff.id, now)))
    throw new AppError('CONFLICT', 'This correction was already decided.');
  await apply(deps, applicantId, c);
  await repo.audit(db, applicantId, 'registration.corrected', null, audited(c), { kind: 'staff', id: staff.id });
  return data({ ...row, status: 'applied' });
}

async function sendCorrectionOtp(deps: Deps, applicantId: string, row: CorrectionRow, email: string) {
  const { language } = await deps.records.get(applicantId);
  const texts = MESSAGE_TEXTS[language];
  await deps.otp.issue('email', otpTarget(row, email), async ({ code, expiresIn }) => {
    await deps.messaging.send({
      channel: 'email',
      to: email,
      template: 'otp',
      subject: texts.emailOtpSubject,
      text: texts.emailOtp(code, Math.round(expiresIn / 60)),
      otp: code,
      language,
      applicantId,
    });
  });
}

/** The client's code from the new address: the approved email is applied only then. */
export async function verifyCorrectionOtp(
  deps: Deps,
  applicantId: string,
  staffId: string,
  correctionId: string,
  otp: string,
): Promise<CorrectionData> {
  const row = await correctionOrNotFound(deps, applicantId, correctionId);
  if (row.status !== 'awaiting_otp') throw new AppError('CONFLICT', 'This correction waits for no OTP.');
  const c = deps.cipher.decryptJson<RegistrationCorrection>(row.proposalEnc);
  if (c.field !== 'email') throw new AppError('CONFLICT', 'This correction waits for no OTP.');
  const db = deps.database.db;
  const check = await deps.otp.verify('email', otpTarget(row, c.value), otp, async () => {
    if (!(await corrections.moveCorrection(db, row.id, 'awaiting_otp', 'applied', staffId, new Date(deps.now()))))
      throw new AppError('CONFLICT', 'This correction was already decided.');
    await apply(deps, applicantId, c);
  });
  if (!check.ok) throw invalidField('otp', check.message);
  await repo.audit(
    db,
    applicantId,
    'registration.corrected',
    null,
    { ...audited(c), otp_verified: true },
    {
      kind: 'staff',
      id: staffId,
    },
  );
  return data({ ...row, status: 'applied' });
}

/** Withdrawn by its maker, or turned down by a checker or administrator, before it is applied. */
export async function rejectCorrection(
  deps: Deps,
  applicantId: string,
  staff: Staff,
  correctionId: string,
): Promise<CorrectionData> {
  const row = await correctionOrNotFound(deps, applicantId, correctionId);
  if (row.proposedBy !== staff.id && staff.role !== 'checker' && staff.role !== 'admin')
    throw new AppError('FORBIDDEN', 'Only a checker or an administrator can reject a correction.');
  const db = deps.database.db;
  const now = new Date(deps.now());
  if (
    (row.status !== 'proposed' && row.status !== 'awaiting_otp') ||
    !(await corrections.moveCorrection(db, row.id, row.status, 'rejected', staff.id, now))
  )
    throw new AppError('CONFLICT', 'This correction was already decided.');
  await repo.audit(
    db,
    applicantId,
    'registration.correction_rejected',
    null,
    { field: row.field },
    {
      kind: 'staff',
      id: staff.id,
    },
  );
  return data({ ...row, status: 'rejected' });
}

/** Every correction of the application, newest first, with what it changes, for the checker. */
export async function listCorrections(deps: Deps, applicantId: string, viewerId: string): Promise<CorrectionView[]> {
  if (!isUuid(applicantId)) throw new AppError('NOT_FOUND');
  const db = deps.database.db;
  const rows = await corrections.corrections(db, applicantId);
  const names = new Map<string, string>();
  const who = async (id: string) => {
    if (!names.has(id)) names.set(id, (await staffRepository.staffById(db, id))?.name ?? id);
    return { id, name: names.get(id)! };
  };
  const views: CorrectionView[] = [];
  for (const row of rows) {
    const c = deps.cipher.decryptJson<RegistrationCorrection>(row.proposalEnc);
    views.push({
      ...data(row),
      value: valueOf(c),
      note: c.note,
      proposed_by: await who(row.proposedBy),
      proposed_at: row.proposedAt.toISOString(),
      decided_by: row.decidedBy ? await who(row.decidedBy) : null,
      mine: row.proposedBy === viewerId,
    });
  }
  return views;
}

const valueOf = (c: RegistrationCorrection): string =>
  c.field === 'family_declaration'
    ? `${FAMILY_RELATIONS.includes(c.relation) ? c.relation : ''}: ${c.holder_name}`
    : c.field === 'annual_income'
      ? (ANNUAL_INCOME.find((i) => i.code === c.value)?.label ?? c.value)
      : c.value;

async function apply(deps: Deps, applicantId: string, c: RegistrationCorrection): Promise<void> {
  const personal = (await deps.records.getSection(applicantId, 'personal_obj')) ?? {};
  if (c.field === 'email') await deps.records.update(applicantId, { email: c.value });
  else if (c.field === 'annual_income')
    await deps.records.save(applicantId, {
      // the code and its label together, as the profiling step stores them
      personal_obj: {
        ...personal,
        annual_income: c.value,
        annual_income__name: ANNUAL_INCOME.find((i) => i.code === c.value)?.label ?? c.value,
      },
    });
  else
    await deps.records.save(applicantId, {
      personal_obj: {
        ...personal,
        family_declaration: true,
        family_relation: c.relation,
        family_holder_name: c.holder_name,
      },
    });
}
