import type { DecisionBody } from '@ekyc/contracts/calls/backoffice-application';
import { decisionDataSchema } from '@ekyc/contracts/calls/backoffice-application';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { auditKey } from './get-audit-trail';
import { queueKey } from './list-applications';
import { staffRequest } from './staff-client';

export const decideStages = (id: string, body: DecisionBody) =>
  staffRequest('POST', `applications/${encodeURIComponent(id)}/decisions`, decisionDataSchema, { body });

export function useDecideStages(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionBody) => decideStages(id, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: auditKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}
