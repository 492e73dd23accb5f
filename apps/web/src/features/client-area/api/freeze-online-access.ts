import { serviceRequestViewSchema, clientSendOtpDataSchema } from '@ekyc/contracts/calls/client-area';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';
import { myAccountKey } from './get-my-account';

const requestData = z.object({ request: serviceRequestViewSchema });

/** POST requests/freeze: online access frozen at once. */
export function useFreezeOnlineAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clientApi.data('POST', 'requests/freeze', requestData, { body: { reason: '' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myAccountKey }),
  });
}

/** POST requests/unfreeze/otp: the OTP that verifies the client again. */
export const sendUnfreezeOtp = () => clientApi.data('POST', 'requests/unfreeze/otp', clientSendOtpDataSchema);

/** POST requests/unfreeze: a refused code is status false (not thrown). */
export function useUnfreezeOnlineAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => clientApi.post('requests/unfreeze', requestData, { otp }),
    onSuccess: (reply) => {
      if (reply.status) void queryClient.invalidateQueries({ queryKey: myAccountKey });
    },
  });
}
