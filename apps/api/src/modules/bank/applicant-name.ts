import { AppError } from '../../lib/errors.ts';
import type { BankDeps } from './deps.ts';
import { ROUTE } from '@ekyc/contracts/stages';

type Deps = Pick<BankDeps, 'records'>;

interface PanNames {
  full_name?: string;
  name_on_card?: string;
}

/** The applicant's name for matching is the name on PAN (pan_obj.full_name). */
export function panNameOf(pan: PanNames | null): string {
  const name = pan?.full_name ?? pan?.name_on_card;
  if (!name) throw new AppError('CONFLICT', 'panVerifyFirst', { screen: ROUTE.pan });
  return name;
}

export async function panName(deps: Deps, applicantId: string): Promise<string> {
  return panNameOf(await deps.records.getSection(applicantId, 'pan_obj'));
}
