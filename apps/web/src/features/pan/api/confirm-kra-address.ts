import { kraDigilockerDataSchema } from '@ekyc/contracts/calls/kra-digilocker';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** GET kra-digilocker: the KRA address confirmed in place of DigiLocker (pan-info 'Confirm'). */
export const confirmKraAddress = () => apiGet('kra-digilocker', kraDigilockerDataSchema);

export function useConfirmKraAddress() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmKraAddress, onSuccess: () => invalidateUserDetails(client) });
}
