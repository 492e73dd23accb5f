/**
 * The DigiLocker return: handed on to the page that started it (lib/digilocker-return.ts), else the
 * journey's. It wraps the onboarding layout, so the hand-on comes before the journey's stage guard
 * (a browser with an applicant's session would otherwise be sent to that applicant's step).
 */
import { BASE_PATH, ROUTE } from '@ekyc/contracts/stages';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { takeDigilockerReturn } from '../lib/digilocker-return';
import { replaceShell } from '../lib/first-page';
import { Navigate, useLocation } from '../lib/router';

export function DigilockerReturn({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  // a return is a page load from DigiLocker: read once, when the layout first mounts on it
  const [back] = useState(() =>
    pathname.replace(/\/$/, '') === `${BASE_PATH}${ROUTE.returnUrl}` ? takeDigilockerReturn() : null,
  );
  // the journey's page painted from the HTML (#shell) goes too: only the onboarding layout takes it
  // away otherwise, and the page handed on to is not the journey's
  useLayoutEffect(() => {
    if (back) replaceShell();
  }, [back]);
  if (back) return <Navigate to={`${back}${search}`} replace />;
  return children;
}
