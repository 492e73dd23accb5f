import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import type { ContactChangeRequestInput } from '@ekyc/contracts/calls/client-contact';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';

const otpData = z.object({
  resend_after: z.optional(z.number()),
  expires_in: z.optional(z.number()),
  family_declaration_required: z.optional(z.boolean()),
  reason: z.optional(z.string()),
});
const requestData = z.object({ request: z.optional(serviceRequestViewSchema), reason: z.optional(z.string()) });

/** POST requests/contact/otp: codes to the contact on record and the new one, or (status false) why not. */
export function useSendContactOtps() {
  return useMutation({
    mutationFn: (body: { field: 'mobile' | 'email'; value: string }) =>
      clientApi.post('requests/contact/otp', otpData, body),
  });
}

/** POST requests/contact: a draft to sign, or (status false) a wrong code or a missing family declaration. */
export function useRequestContactChange() {
  return useMutation({
    mutationFn: (body: ContactChangeRequestInput) => clientApi.post('requests/contact', requestData, body),
  });
}
