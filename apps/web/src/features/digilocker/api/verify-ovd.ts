import { digiOvdDataSchema, type DigiOvdRequest } from '@ekyc/contracts/calls/digi-ovd-verify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/** POST digi-ovd-verify?is_ovd=true: officially valid documents uploaded by hand, or the PAN card. */
export const verifyOvd = (body: DigiOvdRequest) =>
  apiPost('digi-ovd-verify', digiOvdDataSchema, body, { is_ovd: true });

export function useVerifyOvd() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyOvd, onSuccess: () => invalidateUserDetails(client) });
}
