import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import type { BankChangeRequestInput } from '@ekyc/contracts/calls/client-bank';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';

const requestData = z.object({ request: serviceRequestViewSchema });

/** POST requests/bank: a draft to sign, or (status false) the account the bank did not verify. */
export function useRequestBankChange() {
  return useMutation({
    mutationFn: (body: BankChangeRequestInput) => clientApi.post('requests/bank', requestData, body),
  });
}
