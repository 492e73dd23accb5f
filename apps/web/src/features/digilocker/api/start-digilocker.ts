import { digilockerInitializeDataSchema } from '@ekyc/contracts/calls/digilocker-initialize';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET initilize-digilocker (first start) or initilize-digi (retry after a failure): data.data.url. */
export const startDigilocker = (retry: boolean) =>
  apiGet(retry ? 'initilize-digi' : 'initilize-digilocker', digilockerInitializeDataSchema);

export function useStartDigilocker() {
  return useMutation({ mutationFn: startDigilocker });
}
