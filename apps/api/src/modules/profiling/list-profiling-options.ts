/** get-occupation-list, get-experience-list, get-income-list, get-education-list (section 7). */
import type { ProfilingList, ProfilingOption } from '@ekyc/contracts/calls/get-occupation-list';
import type { ProfilingDeps } from './deps.ts';
import { ok, type Outcome } from '../../lib/outcome.ts';
import { profilingRepository } from './profiling.repository.ts';

export async function listProfilingOptions(
  deps: Pick<ProfilingDeps, 'database'>,
  list: ProfilingList,
): Promise<Outcome<ProfilingOption[]>> {
  return ok('profilingOptions', await profilingRepository.options(deps.database.db, list));
}
