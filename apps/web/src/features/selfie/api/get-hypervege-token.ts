import { type GetHypervegeTokenData, getHypervegeTokenDataSchema } from '@ekyc/contracts/calls/get-hypervege-token';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';
import { queuePlaceOf } from '../../../lib/use-stage-action';

export const LIVENESS_TOKEN_KEY = ['liveness-token'] as const;

export const getHypervegeToken = (action?: NonNullable<GetHypervegeTokenData['action']>['kind']) =>
  applicantApi.data('GET', 'get-hypervege-token', getHypervegeTokenDataSchema, { query: { action } });

/**
 * A token for the hosted liveness module, fetched ahead so that the popup opens on the click itself.
 * A place in the liveness provider's queue is not asked again at once: the page shows it and asks
 * when the wait ends.
 */
export function useHypervegeToken(enabled: boolean) {
  return useQuery({
    queryKey: LIVENESS_TOKEN_KEY,
    queryFn: () => getHypervegeToken(),
    enabled,
    retry: (failures, err) => failures < 1 && !queuePlaceOf(err),
    staleTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}
