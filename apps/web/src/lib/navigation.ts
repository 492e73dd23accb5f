import { BASE_PATH } from '@ekyc/contracts/stages';
import { useCallback } from 'react';
import { useNavigate } from './router';

/** Applicant paths live under /ekyc1. */
export const appPath = (screen: string) => `${BASE_PATH}${screen === '/' ? '/' : screen}`;

/** Navigates to a returned data.screen (section 4: whether the call succeeded or failed). */
export function useScreenNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (screen: string | undefined, options?: { replace?: boolean }) => {
      if (screen && screen.length > 1) navigate(appPath(screen), options);
    },
    [navigate],
  );
}
