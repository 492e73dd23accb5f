/** Registries that answer the onboarding but not a client's request while `away.now` holds (the restart tests). */
import { ProviderError } from '../../src/providers/http.ts';
import type { Registrar, Registrars } from '../../src/providers/registrations/port.ts';

export function registriesAwayForRequests(options: { kra?: boolean } = {}) {
  const away = { now: false };
  const awayFor = (r: Registrar): Registrar => ({
    kind: r.kind,
    submit: (s, id) =>
      away.now && id.includes('-SR-') ? Promise.reject(new ProviderError('registry away', 503)) : r.submit(s, id),
    check: (s, id, ref) => r.check(s, id, ref),
  });
  const flaky = (c: Registrars): Registrars => ({
    ...c,
    ...(options.kra && { kra: awayFor(c.kra) }),
    depository: awayFor(c.depository),
    ucc: { NSE: awayFor(c.ucc.NSE), BSE: awayFor(c.ucc.BSE), MCX: awayFor(c.ucc.MCX) },
  });
  return { away, flaky };
}
