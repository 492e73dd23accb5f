import { ddpiRequestDataSchema } from '@ekyc/contracts/calls/ddpi';
import { useMutation } from '@tanstack/react-query';
import { clientApi } from './client-api';

/** POST requests/ddpi: the DDPI document as a draft request to sign on its own, with its purposes. */
export function useRequestDdpi() {
  return useMutation({ mutationFn: () => clientApi.post('requests/ddpi', ddpiRequestDataSchema, {}) });
}
