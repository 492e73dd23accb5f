/**
 * The applicant's place in a provider's queue: "You are number N in the queue" in the applicant's
 * language, said to a screen reader (role="status") and again when the place moves up; the page
 * asks again by itself when the wait ends. A providerQueue answer gives the place; others do not.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueuePosition } from '../src/components/queue-position';
import { ApiError } from '../src/lib/api-client';
import { queuePlaceOf } from '../src/lib/use-stage-action';
import enWaiting from '../src/i18n/locales/en/waiting-room.json';
import mar from '../src/i18n/locales/mar/waiting-room.json';
import marMessages from '../src/i18n/locales/mar/messages.json';

beforeAll(async () => {
  i18n.init({
    lng: 'mar',
    resources: { en: { 'waiting-room': enWaiting }, mar: { 'waiting-room': mar, messages: marMessages } },
  });
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the place in the queue', () => {
  it('says the place in the applicant’s language as a status, and the new place as it moves up', () => {
    const { rerender } = render(<QueuePosition position={3} seconds={15} attempt={1} onRetry={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe(mar.position.replace('{{position}}', '3'));
    expect(screen.getByText(marMessages.providerQueue)).toBeTruthy();
    rerender(<QueuePosition position={2} seconds={15} attempt={2} onRetry={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe(mar.position.replace('{{position}}', '2'));
  });

  it('asks again by itself when the wait ends, not before', async () => {
    const onRetry = vi.fn();
    render(<QueuePosition position={1} seconds={15} attempt={1} onRetry={onRetry} />);
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(onRetry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('reads the place from a providerQueue answer only', () => {
    const queued = new ApiError('wait', 503, { queue_position: 4, retry_after: 15 }, 'providerQueue');
    expect(queuePlaceOf(queued)).toEqual({ position: 4, seconds: 15 });
    expect(queuePlaceOf(new ApiError('down', 503, {}, 'providerUnavailable'))).toBeNull();
  });
});
