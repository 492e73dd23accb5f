import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import { closurePreCheckSchema, type ClosureRequestInput } from '@ekyc/contracts/calls/client-closure';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';

const requestData = z.object({
  request: z.optional(serviceRequestViewSchema),
  pre_check: z.optional(closurePreCheckSchema),
  reason: z.optional(z.string()),
});

/** POST requests/closure: a draft to sign with the pre-check, or (status false) why not: a blocker or transfer_needed. */
export function useRequestClosure() {
  return useMutation({
    mutationFn: (body: ClosureRequestInput) => clientApi.post('requests/closure', requestData, body),
  });
}
