/** GET /api/v1/public/broker-documents: the broker's registration numbers and documents (no sign-in). */
import { type BrokerDocumentsData, brokerDocumentsDataSchema } from '@ekyc/contracts/calls/broker-documents';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client';

export function getBrokerDocuments(signal?: AbortSignal): Promise<BrokerDocumentsData> {
  return publicApi.data('GET', 'broker-documents', brokerDocumentsDataSchema, { signal });
}

/** Configuration of the deployment: read once per visit. */
export const useBrokerDocuments = () =>
  useQuery({
    queryKey: ['public', 'broker-documents'],
    queryFn: ({ signal }) => getBrokerDocuments(signal),
    staleTime: Infinity,
  });
