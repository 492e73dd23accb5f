import { getIncomeListDataSchema } from '@ekyc/contracts/calls/get-income-list';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET get-income-list: the options with their five labels; they rarely change, so cached for the session. */
export async function getIncomeList() {
  const reply = await apiGet('get-income-list');
  return getIncomeListDataSchema.parse(reply.data);
}

export const useIncomeList = () =>
  useQuery({ queryKey: ['profiling-list', 'income'], queryFn: getIncomeList, staleTime: Infinity });
