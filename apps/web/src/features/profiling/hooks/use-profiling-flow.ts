/**
 * The client-profiling sub-steps share one server-side draft: each answer is saved with the step
 * to resume at, so a reload (or coming back later) lands on the same sub-step with its values.
 */
import type { ProfilingDraftValues, ProfilingStep } from '@ekyc/contracts/calls/profiling-draft';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '../../../lib/router';
import { ApiError } from '../../../lib/api-client';
import { appPath, useScreenNavigate } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { useMessage } from '../../../lib/use-message';
import { useProfilingDraft } from '../api/get-profiling-draft';
import { useSaveProfilingDraft } from '../api/save-profiling-draft';
import { ROUTE } from '@ekyc/contracts/stages';

export const stepPath = (step: ProfilingStep) => appPath(`${ROUTE.profiling}/${step}`);

/** Only the first profiling page opened after a page load may jump to the saved sub-step. */
let resumeChecked = false;

export function useProfilingFlow(step: ProfilingStep) {
  const draft = useProfilingDraft();
  const save = useSaveProfilingDraft();
  const navigate = useNavigate();
  const goScreen = useScreenNavigate();
  const msg = useMessage();
  const data = draft.data;
  const dataRef = useRef(data);
  dataRef.current = data;
  const loaded = data !== undefined;

  const reportError = useCallback(
    (err: unknown) => {
      toast.error(msg(err instanceof ApiError ? err : undefined));
      const screen = err instanceof ApiError ? err.data.screen : undefined;
      if (typeof screen === 'string') goScreen(screen, { replace: true });
    },
    [goScreen, msg],
  );

  // Entering profiling at its root resumes the saved sub-step; moving back records where the applicant is.
  useEffect(() => {
    const d = dataRef.current;
    if (!d) return;
    if (!resumeChecked) {
      resumeChecked = true;
      if (step === 'occupation' && d.step !== 'occupation') return void navigate(stepPath(d.step), { replace: true });
    }
    if (d.step !== step) save.mutate({ step, values: d.values }, { onError: reportError });
    // Only on arriving at a sub-step; a save in flight must not trigger another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, loaded]);

  useEffect(() => {
    if (draft.error) reportError(draft.error);
  }, [draft.error, reportError]);

  /** Saves this sub-step's answers with the next step to resume at, then moves on. */
  const advance = useCallback(
    async (patch: ProfilingDraftValues, next: ProfilingStep) => {
      const values = { ...dataRef.current?.values, ...patch };
      try {
        await save.mutateAsync({ step: next, values });
      } catch (err) {
        return reportError(err);
      }
      navigate(stepPath(next));
    },
    [navigate, reportError, save],
  );

  return { draft: data, values: data?.values ?? {}, loading: draft.isPending, advance, saving: save.isPending };
}
