import type { ProfilingDraftData, SaveProfilingDraftRequest } from '@ekyc/contracts/calls/profiling-draft';
import { saveProfilingDraftDataSchema } from '@ekyc/contracts/calls/profiling-draft';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { PROFILING_DRAFT_KEY } from './get-profiling-draft';

/** POST save-profiling-draft: the draft cache takes the saved step and values at once. */
export const saveProfilingDraft = (body: SaveProfilingDraftRequest) =>
  apiPost('save-profiling-draft', saveProfilingDraftDataSchema, body);

export function useSaveProfilingDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveProfilingDraft,
    onMutate: (body) =>
      client.setQueryData<ProfilingDraftData>(PROFILING_DRAFT_KEY, (old) => old && { ...old, ...body }),
  });
}
