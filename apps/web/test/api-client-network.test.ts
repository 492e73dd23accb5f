import { sendOtpReplyDataSchema } from '@ekyc/contracts/calls/web-send-otp';
import { sendOtpDataSchema } from '@ekyc/contracts/calls/send-otp';
import { MSG } from '@ekyc/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, downloadBytes, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../src/lib/api-client';

const reply = () =>
  new Response(
    JSON.stringify({
      status: true,
      message: 'ok',
      data: { screen: '/email-verification', resend_after: 30, expires_in: 300 },
    }),
    {
      headers: { 'content-type': 'application/json' },
    },
  );

/** The Idempotency-Key a fetch call carried. */
const keyOf = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'];

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the API client on a phone network', () => {
  beforeEach(() => setOnline(true));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setOnline(true);
  });

  it('gives up on a call that gets no answer in time, with a message asking to try again', async () => {
    vi.useFakeTimers();
    // a network that swallows the request: fetch ends only when the client aborts it
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const call = apiPost('send-otp', sendOtpReplyDataSchema, { mobile: '9876543210' });
    const outcome = call.then(
      () => null,
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(MSG.requestTimeout);
  });

  it('gives up on a PDF whose signed link gets no answer in a file’s time, with the same message', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const outcome = downloadBytes('/api/v1/ekyc/files/x?exp=1&sid=s&sig=t').then(
      () => null,
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ message: MSG.requestTimeout, code: 'requestTimeout' });
  });

  it('answers a signed link’s bytes, and a refused link is an ApiError', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response(new Uint8Array([37, 80, 68, 70])))
      .mockResolvedValueOnce(new Response('', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    expect(new Uint8Array(await downloadBytes('/files/a'))).toEqual(new Uint8Array([37, 80, 68, 70]));
    // the link is its own credential: no token goes with it
    expect(fetch.mock.calls[0]![1]).not.toHaveProperty(['headers', 'authorization']);
    const refused = await downloadBytes('/files/b').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ httpStatus: 401, code: 'somethingWrong' });
  });

  it('holds a call made offline and sends it by itself when the network is back', async () => {
    const fetch = vi.fn(() => Promise.resolve(reply()));
    vi.stubGlobal('fetch', fetch);
    setOnline(false);
    const call = apiPost('send-otp', sendOtpReplyDataSchema, { mobile: '9876543210' });
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    setOnline(true);
    await expect(call).resolves.toMatchObject({ status: true, data: { screen: '/email-verification' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends again a call whose connection dropped as it went out, once back online, with the same Idempotency-Key', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockImplementationOnce(() => {
        setOnline(false);
        return Promise.reject(new TypeError('Failed to fetch'));
      })
      .mockImplementation(() => Promise.resolve(reply()));
    vi.stubGlobal('fetch', fetch);
    const call = apiPost('verify-otp', sendOtpDataSchema, { otp: '123456' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    setOnline(true);
    await expect(call).resolves.toMatchObject({ status: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    // the server answers the repeat with the first answer instead of acting twice
    const [first, again] = fetch.mock.calls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);
  });

  it('gives each new POST a key of its own, and a read none', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(reply()));
    vi.stubGlobal('fetch', fetch);
    await apiPost('verify-otp', sendOtpDataSchema, { otp: '123456' });
    await apiPost('verify-otp', sendOtpDataSchema, { otp: '123456' });
    await apiGet('get-user-details', sendOtpDataSchema);
    const [one, two, read] = fetch.mock.calls.map(keyOf);
    expect(one).toMatch(/^[0-9a-f]{32}$/);
    expect(two).toMatch(/^[0-9a-f]{32}$/);
    expect(two).not.toBe(one);
    expect(read).toBeUndefined();
  });
});
