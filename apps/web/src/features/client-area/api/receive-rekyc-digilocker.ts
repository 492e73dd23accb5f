import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';
import { clientKycKey } from './get-client-kyc';

const received = z.object({ request: z.optional(serviceRequestViewSchema), reason: z.optional(z.string()) });

/** POST requests/{id}/digilocker: DigiLocker's return (code and state, used once) joins the re-KYC draft. */
export function useReceiveRekycDigilocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code, state }: { id: string; code: string; state: string }) =>
      clientApi.post(`requests/${id}/digilocker`, received, { code, state }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKycKey }),
  });
}
