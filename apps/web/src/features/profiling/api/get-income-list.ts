import { getIncomeListDataSchema } from '@ekyc/contracts/calls/get-income-list';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

/** GET get-income-list: the options with their five labels; they rarely change, so cached for the session. */
export async function getIncomeList() {
  return applicantApi.data('GET', 'get-income-list', getIncomeListDataSchema);
}

export const useIncomeList = () =>
  useQuery({ queryKey: ['profiling-list', 'income'], queryFn: getIncomeList, staleTime: Infinity });
