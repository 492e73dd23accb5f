import {
  consentsDataSchema,
  type RequestErasureRequest,
  type UpdateConsentRequest,
} from '@ekyc/contracts/calls/consents';
import { requestErasureDataSchema } from '@ekyc/contracts/calls/consents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

const KEY = ['consents'];

/** The consents in force; a refusal is an error (the page's LoadFailed or toast). */
export function useConsents() {
  return useQuery({ queryKey: KEY, queryFn: () => applicantApi.data('GET', 'get-consents', consentsDataSchema) });
}

export function useUpdateConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConsentRequest) =>
      applicantApi.data('POST', 'update-consent', consentsDataSchema, { body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

export function useRequestErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestErasureRequest) =>
      applicantApi.data('POST', 'request-erasure', requestErasureDataSchema, { body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}
