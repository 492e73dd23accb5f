/** GET /api/v1/public/watchlist: the guest watchlist's delayed quotes (no sign-in). */
import { type WatchlistData, watchlistDataSchema } from '@ekyc/contracts/calls/get-watchlist-quotes';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client';

export function getWatchlistQuotes(signal?: AbortSignal): Promise<WatchlistData> {
  return publicApi.data('GET', 'watchlist', watchlistDataSchema, { signal });
}

/** Refreshed each minute while the page is open; the data itself lags 15 minutes. */
export const useWatchlistQuotes = () =>
  useQuery({
    queryKey: ['public', 'watchlist'],
    queryFn: ({ signal }) => getWatchlistQuotes(signal),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
