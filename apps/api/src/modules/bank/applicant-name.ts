import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../app-deps.ts';

/** The applicant's name for matching is the name on PAN (pan_obj.full_name). */
export async function panName(deps: AppDeps, applicantId: string): Promise<string> {
  const pan = await deps.records.getSection<{ full_name?: string; name_on_card?: string }>(applicantId, 'pan_obj');
  const name = pan?.full_name ?? pan?.name_on_card;
  if (!name) throw new AppError('CONFLICT', 'Please verify your PAN first.', { screen: '/pan-verification' });
  return name;
}
