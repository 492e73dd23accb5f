/**
 * An operator corrects what a pre-check or a registrar refused (a placeholder email, a missing
 * income range, a mobile or email shared with another client), from the client's own request,
 * before sending the registration again. Only while a registration waits for an operator (on hold
 * or rejected). The audit trail keeps who corrected what and on what basis; the values themselves
 * stay in the encrypted record.
 */
import type { RegistrationCorrection } from '@ekyc/contracts/calls/backoffice-registrations';
import { ANNUAL_INCOME } from '@ekyc/contracts/enums';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/errors.ts';
import { registrationsRepository as repo } from './registrations.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'records'>;

export async function correctRegistration(
  deps: Deps,
  applicantId: string,
  staffId: string,
  c: RegistrationCorrection,
): Promise<{ field: RegistrationCorrection['field'] }> {
  if (!/^[0-9a-f-]{36}$/i.test(applicantId)) throw new AppError('NOT_FOUND');
  const db = deps.database.db;
  const rows = await repo.list(db, applicantId);
  if (!rows.length) throw new AppError('NOT_FOUND', 'This application has no registrations.');
  if (!rows.some((r) => r.status === 'on_hold' || r.status === 'rejected'))
    throw new AppError('CONFLICT', 'Data can be corrected only while a registration is on hold or rejected.');

  const personal = (await deps.records.getSection<Record<string, unknown>>(applicantId, 'personal_obj')) ?? {};
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
  await repo.audit(
    db,
    applicantId,
    'registration.corrected',
    null,
    { field: c.field, note: c.note, ...(c.field === 'family_declaration' && { relation: c.relation }) },
    { kind: 'staff', id: staffId },
  );
  return { field: c.field };
}
