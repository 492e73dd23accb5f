/** GET /api/v1/public/watchlist: the guest watchlist's delayed quotes (no sign-in). */
import { type WatchlistData, watchlistDataSchema } from '@ekyc/contracts/calls/get-watchlist-quotes';
import { replySchema } from '@ekyc/contracts/envelope';
import { useQuery } from '@tanstack/react-query';

export const PUBLIC_API_BASE = '/api/v1/public';
const replyWithQuotes = replySchema(watchlistDataSchema);

export async function getWatchlistQuotes(signal?: AbortSignal): Promise<WatchlistData> {
  const res = await fetch(`${PUBLIC_API_BASE}/watchlist`, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`watchlist answered ${res.status}`);
  const reply = replyWithQuotes.parse(await res.json());
  if (!reply.status) throw new Error(reply.message);
  return reply.data;
}

/** Refreshed each minute while the page is open; the data itself lags 15 minutes. */
export const useWatchlistQuotes = () =>
  useQuery({
    queryKey: ['public', 'watchlist'],
    queryFn: ({ signal }) => getWatchlistQuotes(signal),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
