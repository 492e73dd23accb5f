import { applicationRuleSetDataSchema } from '@ekyc/contracts/calls/backoffice-rule-set';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditKey } from './get-audit-trail';
import { staffData } from './staff-client';

export const ruleSetKey = (id: string) => ['backoffice', 'rule-set', id] as const;
const path = (id: string) => `applications/${encodeURIComponent(id)}/rule-set`;

/** The rule set an application follows and the newer ones it may move to. */
export function useRuleSet(id: string) {
  return useQuery({
    queryKey: ruleSetKey(id),
    queryFn: () => staffData('GET', path(id), applicationRuleSetDataSchema),
  });
}

/** Moves the application to a newer rule set (audited with the changes). */
export function useMoveRuleSet(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: string) => staffData('POST', path(id), applicationRuleSetDataSchema, { body: { to } }),
    onSuccess: (data) => client.setQueryData(ruleSetKey(id), data),
    onSettled: () => client.invalidateQueries({ queryKey: auditKey(id) }),
  });
}
