/**
 * The sign-up waiting room: told to wait, the page says so in the applicant's language with the
 * estimate, counts down, and tries again by itself when the wait ends, or at once on "Try now".
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WaitingRoom } from '../src/features/signup/components/waiting-room';
import enWaiting from '../src/i18n/locales/en/waiting-room.json';
import hiWaiting from '../src/i18n/locales/hi/waiting-room.json';
import hiMessages from '../src/i18n/locales/hi/messages.json';

beforeAll(async () => {
  i18n.init({
    lng: 'hi',
    resources: { en: { 'waiting-room': enWaiting }, hi: { 'waiting-room': hiWaiting, messages: hiMessages } },
  });
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the waiting room', () => {
  it('says why and how long in the applicant’s language, once, to a screen reader', () => {
    render(<WaitingRoom seconds={7} attempt={1} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { name: hiWaiting.title })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      `${hiMessages.waitingRoom} ${hiWaiting.estimate_other.replace('{{count}}', '7')}`,
    );
  });

  it('counts down and tries again by itself when the wait ends, not before', async () => {
    const onRetry = vi.fn();
    render(<WaitingRoom seconds={7} attempt={1} onRetry={onRetry} />);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText(hiWaiting.retryIn_other.replace('{{count}}', '4'))).toBeTruthy();
    expect(onRetry).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('tries at once on "Try now"', () => {
    const onRetry = vi.fn();
    render(<WaitingRoom seconds={30} attempt={2} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: hiWaiting.tryNow }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
