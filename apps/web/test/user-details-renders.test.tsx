/**
 * The live profile channel sends the whole record as it connects, the same record the page has
 * just fetched: a step that shows the record renders nothing again for it, and renders again when
 * the record changes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { userDetails } from './support/app-at-route';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

it('renders a step again for a changed record, not for a copy of the same one', async () => {
  localStorage.setItem('ekyc.session', JSON.stringify({ isAuthenticated: true, token: 'test-token' }));
  vi.resetModules();
  const { USER_DETAILS_KEY, useUserDetails } = await import('../src/lib/user-details');
  const client = new QueryClient();
  const fetched = userDetails(130, { pan_obj: { is_object: true, full_name: 'ASHA RAO' } });
  client.setQueryData(USER_DETAILS_KEY, fetched);

  let renders = 0;
  function Step() {
    const { details, stage } = useUserDetails();
    renders += 1;
    return (
      <p>
        {details?.pan_obj.full_name} at {stage}
      </p>
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Step />
    </QueryClientProvider>,
  );
  expect(screen.getByText('ASHA RAO at 130')).toBeTruthy();
  const before = renders;

  // the channel's copy, as it connects: equal, but a new object parsed from the wire (React Query
  // tells its observers on a timer: waited for)
  await act(async () => {
    client.setQueryData(USER_DETAILS_KEY, structuredClone(fetched));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(renders).toBe(before);

  // a change the channel pushes is shown
  const changed = userDetails(130, { pan_obj: { is_object: true, full_name: 'ASHA R RAO' } });
  await act(async () => {
    client.setQueryData(USER_DETAILS_KEY, changed);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByText('ASHA R RAO at 130')).toBeTruthy();
  expect(renders).toBeGreaterThan(before);
});
