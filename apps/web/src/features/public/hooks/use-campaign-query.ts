import { useEffect, useMemo } from 'react';
import { useSearchParams } from '../../../lib/router';
import { session, type UtmParameters, useSession, UTM_KEYS, utmFromQuery } from '../../../lib/session';

/** The query string ('?refcode=…&utm_source=…', or '') that hands a campaign on to the sign-up page. */
function utmQuery(utm: UtmParameters): string {
  const query = new URLSearchParams(UTM_KEYS.flatMap((k) => (utm[k] ? [[k, utm[k]]] : []))).toString();
  return query ? `?${query}` : '';
}

/**
 * The visitor's campaign (UTM parameters and referral code) as a query string for the sign-up page:
 * this page's own, over the one kept from an earlier landing. It is kept in the session as the
 * sign-up page keeps it, so a visitor who lands on /charges?utm_source=… and opens an account
 * later, or scans the home page's code, still carries it.
 */
export function useCampaignQuery(): string {
  const [params] = useSearchParams();
  const { utmParameters } = useSession();
  const fromQuery = useMemo(() => utmFromQuery(params), [params]);
  useEffect(() => {
    const kept = session.get().utmParameters;
    if (UTM_KEYS.some((k) => fromQuery[k] && fromQuery[k] !== kept[k]))
      session.set({ utmParameters: { ...kept, ...fromQuery } });
  }, [fromQuery]);
  return utmQuery({ ...utmParameters, ...fromQuery });
}
