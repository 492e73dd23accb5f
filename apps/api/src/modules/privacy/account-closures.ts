/** The privacy module's closure as other modules reach it (records/account-closures.ts). */
import type { AccountClosures } from '../../records/account-closures.ts';
import { AppError } from '../../lib/errors.ts';
import { closeAccount } from './close-account.ts';
import type { PrivacyDeps } from './deps.ts';

type Deps = Pick<PrivacyDeps, 'database' | 'records' | 'consents' | 'files' | 'messaging' | 'config' | 'now'>;

export function accountClosures(deps: Deps): AccountClosures {
  return {
    async close(applicantId, input) {
      try {
        const closed = await closeAccount(deps, input.closedBy, applicantId, {
          closed_on: input.closedOn,
          reason: input.reason,
        });
        return closed.erase_on;
      } catch (err) {
        // closed already (a request carried on again after a restart)
        if (err instanceof AppError && err.code === 'CONFLICT') return null;
        throw err;
      }
    },
  };
}
