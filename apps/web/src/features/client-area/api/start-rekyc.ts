import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';
import { clientKycKey } from './get-client-kyc';

const started = z.object({ request: serviceRequestViewSchema, url: z.string() });

/** POST requests/rekyc: a draft and DigiLocker's consent page, or (status false) none needed. */
export function useStartRekyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clientApi.post('requests/rekyc', started, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKycKey }),
  });
}
