/** The review reports over the last days (an administrator's: the team's; anyone else's: their own). */
import { reportsDataSchema } from '@ekyc/contracts/calls/backoffice-reports';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export function useReports(days: number) {
  return useQuery({
    queryKey: ['backoffice', 'reports', days],
    queryFn: () => staffData('GET', 'reports', reportsDataSchema, { query: { days } }),
  });
}
