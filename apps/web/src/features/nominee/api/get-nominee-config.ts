import { type NomineeConfig, nomineeConfigResponseDataSchema } from '@ekyc/contracts/calls/update-nominee';
import { DEFAULT_MAX_NOMINEES } from '@ekyc/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getNomineeConfig(): Promise<NomineeConfig> {
  const reply = await apiGet('get-nominee-config', nomineeConfigResponseDataSchema);
  return reply.status ? reply.data : { max_nominees: DEFAULT_MAX_NOMINEES };
}

/** How many nominee slots to offer: configuration on the server (SEBI allows up to 10). */
export function useNomineeConfig() {
  return useQuery({ queryKey: ['nominee-config'], queryFn: getNomineeConfig, staleTime: Infinity });
}
