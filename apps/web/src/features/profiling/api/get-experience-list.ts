import { getExperienceListDataSchema } from '@ekyc/contracts/calls/get-experience-list';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

/** GET get-experience-list: the options with their five labels; they rarely change, so cached for the session. */
export async function getExperienceList() {
  return applicantApi.data('GET', 'get-experience-list', getExperienceListDataSchema);
}

export const useExperienceList = () =>
  useQuery({ queryKey: ['profiling-list', 'experience'], queryFn: getExperienceList, staleTime: Infinity });
