/** get-ifsc: bank and branch of an IFSC, or the spec's message when the code is unknown. */
import type { AppDeps } from '../../app-deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

export async function getIfsc(deps: AppDeps, ifsc: string): Promise<Outcome> {
  const details = await deps.bank.ifsc.lookup(ifsc);
  return details ? ok('IFSC found', details) : fail('ifscInvalid', {});
}
