/** The client's requests move only by their own table (docs/servicing.md). */
import { describe, expect, it } from 'vitest';
import {
  nextServiceRequestStatus,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TRANSITIONS,
} from '../src/service-requests.ts';

describe('service request state table', () => {
  it('reaches every status from a draft, and leaves neither done nor rejected', () => {
    const reached = new Set(['draft']);
    for (let grew = true; grew;) {
      grew = false;
      for (const t of SERVICE_REQUEST_TRANSITIONS)
        if (reached.has(t.from) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...SERVICE_REQUEST_STATUSES].sort());
    expect(SERVICE_REQUEST_TRANSITIONS.filter((t) => t.from === 'done' || t.from === 'rejected')).toEqual([]);
  });

  it('sends to the registries only on a checker’s confirmation of a request in review', () => {
    expect(nextServiceRequestStatus('in_review', 'checker_confirms')).toBe('sent_to_registries');
    expect(nextServiceRequestStatus('signed', 'checker_confirms')).toBeNull();
    expect(nextServiceRequestStatus('draft', 'checker_confirms')).toBeNull();
    expect(nextServiceRequestStatus('in_review', 'maker_accepts')).toBe('in_review');
    expect(nextServiceRequestStatus('done', 'reviewer_rejects')).toBeNull();
    expect(SERVICE_REQUEST_TRANSITIONS.filter((t) => t.to === 'sent_to_registries').map((t) => t.event)).toEqual([
      'checker_confirms',
    ]);
  });
});
