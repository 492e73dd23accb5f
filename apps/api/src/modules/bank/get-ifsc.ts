/** get-ifsc: bank and branch of an IFSC, or the spec's message when the code is unknown. */
import type { BankDeps } from './deps.ts';
import { fail, ok, type Outcome } from '../../lib/outcome.ts';

type Deps = Pick<BankDeps, 'bank'>;

export async function getIfsc(deps: Deps, ifsc: string): Promise<Outcome> {
  const details = await deps.bank.ifsc.lookup(ifsc);
  return details ? ok('ifscFound', details) : fail('ifscInvalid', {});
}
