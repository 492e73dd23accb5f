import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';

const confirmed = z.object({ request: z.optional(serviceRequestViewSchema), reason: z.optional(z.string()) });

/** Where the segment request waiting for the AA's consent is named for this tab, while the client is at the AA. */
const PENDING_KEY = 'ekyc.client.aa-request';
export const rememberAaRequest = (id: string) => sessionStorage.setItem(PENDING_KEY, id);
/** The request the AA's return belongs to, once (the name is removed). */
export function takeAaRequest(): string | null {
  const id = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  return id;
}

/** POST requests/{id}/income-proof: the account aggregator's return (fi, resdate, ecres) for the segment request. */
export function useConfirmIncomeProof() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; fi: string; resdate: string; ecres: string }) =>
      clientApi.post(`requests/${id}/income-proof`, confirmed, body),
  });
}
