import { getDigiDataDataSchema, type GetDigiDataQuery } from '@ekyc/contracts/calls/digilocker-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { invalidateUserDetails } from '../../../lib/user-details';

/**
 * GET get-digi-data: with the return's code and state, the documents are fetched; without them,
 * the stored documents are confirmed and data.screen names the next page.
 */
export const getDigiData = (query: GetDigiDataQuery = {}) =>
  apiGet('get-digi-data', getDigiDataDataSchema, { ...query });

export function useGetDigiData() {
  const client = useQueryClient();
  return useMutation({ mutationFn: getDigiData, onSuccess: () => invalidateUserDetails(client) });
}
