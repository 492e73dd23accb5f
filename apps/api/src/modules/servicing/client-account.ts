/** Whether an applicant is a client of the client area: the account is open (Completed) and not closed. */
import type { ServicingDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';

export async function isOpenAccount(
  deps: Pick<ServicingDeps, 'records' | 'consents'>,
  applicantId: string,
): Promise<boolean> {
  const [{ section }, closure] = await Promise.all([
    deps.records.getSections(applicantId, ['review_obj']),
    deps.consents.closure(applicantId),
  ]);
  return section('review_obj')?.status === 'Completed' && !closure;
}

/** The client code of an open account (the trading platform and the registries know it by that). */
export async function requireClientCode(
  deps: Pick<ServicingDeps, 'registrations'>,
  applicantId: string,
): Promise<string> {
  const summary = await deps.registrations.summary(applicantId);
  if (!summary?.clientCode) throw new AppError('CONFLICT', 'accountNotOpen');
  return summary.clientCode;
}
