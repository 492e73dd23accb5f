/** An operator sends a rejected or on-hold registration again, after correcting what it needed. */
import type { RegistrationKindCode } from '@ekyc/contracts/calls/backoffice-registrations';
import type { RegistrationsDeps } from './deps.ts';
import { AppError } from '../../lib/errors.ts';
import { entryOf } from './list-registrations.ts';
import type { RegistrationWorkflow } from './workflow.ts';
import { isUuid } from '../../lib/uuid.ts';

export async function retryRegistration(
  deps: Pick<RegistrationsDeps, 'now'> & { registrations: Pick<RegistrationWorkflow, 'retry'> },
  applicantId: string,
  kind: RegistrationKindCode,
) {
  if (!isUuid(applicantId)) throw new AppError('NOT_FOUND');
  return entryOf(await deps.registrations.retry(applicantId, kind), deps.now());
}
