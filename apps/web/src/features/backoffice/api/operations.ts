/** Claims, assignment, the next application, bulk acceptance, the queue's CSV and the team's figures. */
import { bulkAcceptDataSchema, nextDataSchema, teamDataSchema } from '@ekyc/contracts/calls/backoffice-operations';
import type { QueueQuery } from '@ekyc/contracts/calls/backoffice-queue';
import { claimDataSchema } from '@ekyc/contracts/calls/backoffice-operations';
import { reviewersDataSchema } from '@ekyc/contracts/calls/backoffice-reviewers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKey } from './get-application';
import { queueKey } from './list-applications';
import { staffApi, staffData } from './staff-client';

const path = (id: string, action: string) => `applications/${encodeURIComponent(id)}/${action}`;

/** Claim, release or (admin) assign; a refusal names who holds the application. */
export function useClaimAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: 'claim' | 'release' } | { kind: 'assign'; staffId: string }) => {
      const data = await staffData('POST', path(id, action.kind), claimDataSchema, {
        body: action.kind === 'assign' ? { staff_id: action.staffId } : undefined,
      });
      return data.claim;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationKey(id) }),
        client.invalidateQueries({ queryKey: queueKey }),
      ]),
  });
}

export function useReviewers() {
  return useQuery({
    queryKey: ['backoffice', 'reviewers'],
    queryFn: async () => (await staffData('GET', 'reviewers', reviewersDataSchema)).reviewers,
    staleTime: 5 * 60_000,
  });
}

/** The oldest-waiting application nobody else holds (null when the queue is empty). */
export async function nextApplication(after?: string): Promise<string | null> {
  return (await staffData('GET', 'applications/next', nextDataSchema, { query: { after } })).id;
}

export function useBulkAccept() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) =>
      (await staffData('POST', 'applications/bulk-accept', bulkAcceptDataSchema, { body: { ids } })).results,
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}

export function useTeamFigures(days: number) {
  return useQuery({
    queryKey: ['backoffice', 'team', days],
    queryFn: () => staffData('GET', 'team', teamDataSchema, { query: { days } }),
  });
}

/** Saves what an authenticated GET answers as a file (with the staff token, so not a plain link). */
async function download(path: string, filename: string, failure: string): Promise<void> {
  const url = URL.createObjectURL(await staffApi.file(path, failure));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the filtered queue as CSV. */
export function downloadQueueCsv(query: QueueQuery): Promise<void> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && k !== 'page') qs.set(k, String(v));
  return download(
    `applications/export?${qs}`,
    `review-queue-${new Date().toISOString().slice(0, 10)}.csv`,
    'The export failed: please try again.',
  );
}

/** Downloads one application's sealed evidence bundle (a ZIP) for an inspection. */
export function downloadEvidenceBundle(id: string): Promise<void> {
  return download(
    `applications/${encodeURIComponent(id)}/evidence-bundle`,
    `evidence-${id}.zip`,
    'The evidence bundle could not be made: please try again.',
  );
}
