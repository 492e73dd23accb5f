import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import type { AddressChangeRequestInput } from '@ekyc/contracts/calls/client-contact';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';

const urlData = z.object({ url: z.string() });
const requestData = z.object({ request: z.optional(serviceRequestViewSchema), reason: z.optional(z.string()) });

/** POST requests/address/digilocker: the consent page; DigiLocker's return comes back to the address page. */
export function useStartAddressDigilocker() {
  return useMutation({
    mutationFn: () => clientApi.post('requests/address/digilocker', urlData, {}),
  });
}

/** POST requests/address: a draft to sign, or (status false) a DigiLocker fetch that failed. */
export function useRequestAddressChange() {
  return useMutation({
    mutationFn: (body: AddressChangeRequestInput) => clientApi.post('requests/address', requestData, body),
  });
}
