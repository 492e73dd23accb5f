/**
 * Assisted video KYC (SEBI's KYC duties for persons with disabilities): get-assisted-kyc,
 * request-assisted-kyc and cancel-assisted-kyc for the applicant, at any stage; the back office's
 * list of calls to make and its "done". The note is personal (what help is needed): encrypted.
 */
import {
  ASSISTED_KYC_SLOTS,
  type AssistedKycBooking,
  type AssistedKycCall,
  type AssistedKycData,
  assistedKycDays,
  type requestAssistedKycSchema,
} from '@ekyc/contracts/calls/assisted-kyc';
import type { Language } from '@ekyc/contracts/constants';
import { indianDay } from '@ekyc/contracts/regulation';
import type { z } from 'zod';
import type { AssistedKycDeps } from './deps.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { type AssistedKycRow, assistedKycRepository as repo } from './assisted-kyc.repository.ts';

type Deps = Pick<AssistedKycDeps, 'database' | 'records' | 'cipher' | 'now'>;

const booking = (deps: Deps, row: AssistedKycRow): AssistedKycBooking => ({
  call_date: row.callDate,
  slot: row.slot as AssistedKycBooking['slot'],
  language: row.language as Language,
  needs: row.needs as AssistedKycBooking['needs'],
  note: row.noteEnc ? deps.cipher.decrypt(row.noteEnc) : null,
  status: row.status,
  requested_at: row.requestedAt.toISOString(),
});

async function view(deps: Deps, applicantId: string): Promise<AssistedKycData> {
  const row = await repo.get(deps.database.db, applicantId);
  return {
    booking: row ? booking(deps, row) : null,
    days: assistedKycDays(indianDay(new Date(deps.now()))),
    slots: [...ASSISTED_KYC_SLOTS],
  };
}

export async function getAssistedKyc(deps: Deps, applicantId: string): Promise<Outcome<AssistedKycData>> {
  return ok('assistedKyc', await view(deps, applicantId));
}

export async function requestAssistedKyc(
  deps: Deps,
  applicantId: string,
  input: z.output<typeof requestAssistedKycSchema>,
): Promise<Outcome<AssistedKycData>> {
  if (!assistedKycDays(indianDay(new Date(deps.now()))).includes(input.call_date))
    throw invalidField('call_date', 'assistedKycDay');
  await repo.book(deps.database.db, {
    applicantId,
    callDate: input.call_date,
    slot: input.slot,
    language: input.language,
    needs: [...new Set(input.needs)],
    noteEnc: input.note ? deps.cipher.encrypt(input.note) : null,
    requestedAt: new Date(deps.now()),
  });
  return ok('assistedCallBooked', await view(deps, applicantId));
}

export async function cancelAssistedKyc(deps: Deps, applicantId: string): Promise<Outcome<AssistedKycData>> {
  await repo.setStatus(deps.database.db, applicantId, 'cancelled', null);
  return ok('assistedCallCancelled', await view(deps, applicantId));
}

/** The calls to make, earliest first, with the number to call and the name from the PAN. */
export async function listAssistedKycCalls(deps: Deps): Promise<AssistedKycCall[]> {
  const rows = await repo.booked(deps.database.db, 500);
  return Promise.all(
    rows.map(async (row) => {
      const [applicant, pan, stage] = await Promise.all([
        deps.records.get(row.applicantId),
        deps.records.getSection(row.applicantId, 'pan_obj'),
        deps.records.currentStage(row.applicantId),
      ]);
      return {
        ...booking(deps, row),
        applicant_id: row.applicantId,
        mobile: applicant.mobile,
        name: pan?.full_name ?? pan?.name_on_card ?? null,
        stage: stage ?? null,
      };
    }),
  );
}

export async function markAssistedKycDone(deps: Deps, applicantId: string, staffId: string): Promise<void> {
  const db = deps.database.db;
  const done = await db.transaction(async (tx) => {
    if (!(await repo.setStatus(tx, applicantId, 'done', staffId))) return false;
    await repo.audit(tx, applicantId, staffId, 'assisted_kyc.done', { status: 'done' });
    return true;
  });
  if (!done) throw new AppError('NOT_FOUND', 'No call is booked for this application.');
}
