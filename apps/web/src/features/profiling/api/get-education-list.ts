import { getEducationListDataSchema } from '@ekyc/contracts/calls/get-education-list';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

/** GET get-education-list: the options with their five labels; they rarely change, so cached for the session. */
export async function getEducationList() {
  return applicantApi.data('GET', 'get-education-list', getEducationListDataSchema);
}

export const useEducationList = () =>
  useQuery({ queryKey: ['profiling-list', 'education'], queryFn: getEducationList, staleTime: Infinity });
