import { profilingDraftDataSchema } from '@ekyc/contracts/calls/profiling-draft';
import { useQuery } from '@tanstack/react-query';
import { applicantApi } from '../../../lib/api-client';

export const PROFILING_DRAFT_KEY = ['profiling-draft'] as const;

/** GET get-profiling-draft: the sub-step to resume at, the answers so far, prefills and rule inputs. */
export async function getProfilingDraft() {
  return applicantApi.data('GET', 'get-profiling-draft', profilingDraftDataSchema);
}

export const useProfilingDraft = () =>
  useQuery({ queryKey: PROFILING_DRAFT_KEY, queryFn: getProfilingDraft, staleTime: Infinity, retry: false });
