import { breachSchema, type RecordBreachRequest } from '@ekyc/contracts/calls/backoffice-privacy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { breachesKey } from './list-breaches';
import { staffRequest } from './staff-client';

export const recordBreach = (body: RecordBreachRequest) =>
  staffRequest('POST', 'privacy/breaches', breachSchema, { body });

export function useRecordBreach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordBreach,
    onSuccess: () => client.invalidateQueries({ queryKey: breachesKey }),
  });
}
