import { accountClosureSchema, type CloseAccountRequest } from '@ekyc/contracts/calls/backoffice-privacy';
import { useMutation } from '@tanstack/react-query';
import { staffRequest } from './staff-client';

/** An admin records a client's account closure: the day every retention hold starts from. */
export const closeAccount = ({ id, body }: { id: string; body: CloseAccountRequest }) =>
  staffRequest('POST', `applications/${encodeURIComponent(id)}/close-account`, accountClosureSchema, { body });

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
