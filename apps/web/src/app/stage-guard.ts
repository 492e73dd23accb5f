/** Sends the applicant to the page of their current stage when a page is outside its window (section 4). */
import { BASE_PATH, guardRedirect, ROUTE, routeRule } from '@ekyc/contracts/stages';
import { useEffect } from 'react';
import { useHeldStep } from '../lib/step-hold';
import { useLocation, useNavigate } from '../lib/router';
import { useSession } from '../lib/session';
import { useUserDetails } from '../lib/user-details';
import { kycList } from '@ekyc/contracts/user-details';

export function useStageGuard(): { checking: boolean } {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = useSession();
  const { stage, isLoading, record } = useUserDetails();
  const rejected = kycList(record).some((k) => k.admin_activity === 'Reject');
  const path = pathname.slice(BASE_PATH.length) || '/';
  const rule = routeRule(path);

  const heldPath = useHeldStep();
  let target: string | null = null;
  if (rule?.auth && !token) target = ROUTE.signUp;
  else if (heldPath === path) target = null;
  else if (token && stage !== undefined) {
    // A signed-in applicant on the sign-up pages continues where they stopped; after a rejection,
    // on the status page that says why and offers Retry.
    if (path === ROUTE.signUp || path === ROUTE.verifyOtp)
      target = rejected ? ROUTE.status : (guardRedirect(ROUTE.status, stage) ?? ROUTE.status);
    else target = guardRedirect(path, stage, { rejected });
  }
  useEffect(() => {
    if (target !== null && target !== path) navigate(`${BASE_PATH}${target === '/' ? '/' : target}`, { replace: true });
  }, [target, path, navigate]);
  return { checking: (Boolean(rule?.auth) && isLoading) || (target !== null && target !== path) };
}
