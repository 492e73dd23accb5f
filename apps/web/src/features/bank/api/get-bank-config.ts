import { type BankConfig, bankConfigResponseDataSchema } from '@ekyc/contracts/calls/vpa-validation';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getBankConfig(): Promise<BankConfig> {
  const reply = await apiGet('get-bank-config', bankConfigResponseDataSchema);
  return reply.status ? reply.data : { upi_enabled: true };
}

/** Whether the bank step offers UPI: configuration on the server (UPI_ENABLED). */
export function useBankConfig() {
  return useQuery({ queryKey: ['bank-config'], queryFn: getBankConfig, staleTime: Infinity });
}
