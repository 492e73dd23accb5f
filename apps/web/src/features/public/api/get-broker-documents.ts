/** GET /api/v1/public/broker-documents: the broker's registration numbers and documents (no sign-in). */
import { type BrokerDocumentsData, brokerDocumentsDataSchema } from '@ekyc/contracts/calls/broker-documents';
import { replySchema } from '@ekyc/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { PUBLIC_API_BASE } from './get-watchlist-quotes';

const reply = replySchema(brokerDocumentsDataSchema);

export async function getBrokerDocuments(signal?: AbortSignal): Promise<BrokerDocumentsData> {
  const res = await fetch(`${PUBLIC_API_BASE}/broker-documents`, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`broker-documents answered ${res.status}`);
  const parsed = reply.parse(await res.json());
  if (!parsed.status) throw new Error(parsed.message);
  return parsed.data;
}

/** Configuration of the deployment: read once per visit. */
export const useBrokerDocuments = () =>
  useQuery({
    queryKey: ['public', 'broker-documents'],
    queryFn: ({ signal }) => getBrokerDocuments(signal),
    staleTime: Infinity,
  });
