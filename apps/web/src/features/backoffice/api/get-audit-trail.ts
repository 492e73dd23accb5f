import { auditDataSchema } from '@ekyc/contracts/calls/backoffice-audit';
import { useQuery } from '@tanstack/react-query';
import { staffData } from './staff-client';

export const auditKey = (chain: string) => ['backoffice', 'audit', chain] as const;

/** An application's trail (chain = its id), or the staff administration trail (chain = 'staff'). */
export function useAuditTrail(chain: string) {
  return useQuery({
    queryKey: auditKey(chain),
    queryFn: () =>
      staffData(
        'GET',
        chain === 'staff' ? 'staff/audit' : `applications/${encodeURIComponent(chain)}/audit`,
        auditDataSchema,
      ),
  });
}
