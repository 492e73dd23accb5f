import type { DigilockerInitializeData } from '@ekyc/contracts/calls/digilocker-initialize';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET initilize-digilocker (first start) or initilize-digi (retry after a failure): data.data.url. */
export const startDigilocker = (retry: boolean) =>
  apiGet<Partial<DigilockerInitializeData>>(retry ? 'initilize-digi' : 'initilize-digilocker');

export function useStartDigilocker() {
  return useMutation({ mutationFn: startDigilocker });
}
