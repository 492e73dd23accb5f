/**
 * A 503 while the database is away: the page says so in the applicant's language, by the reply's
 * code, and ends with the request's id ("Reference: …") that support finds in the server's log.
 * A refusal the applicant can act on (a 400, a 200 with status false) carries no reference.
 */
import { screenDataSchema } from '@ekyc/contracts/envelope';
import { MSG } from '@ekyc/contracts/messages';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoadFailed } from '../src/components/load-failed';
import { ApiError, apiPost } from '../src/lib/api-client';
import enCommon from '../src/i18n/locales/en/common.json';
import hiCommon from '../src/i18n/locales/hi/common.json';
import hiMessages from '../src/i18n/locales/hi/messages.json';

const unavailable = () =>
  new Response(
    JSON.stringify({ status: false, message: MSG.serviceUnavailable, code: 'serviceUnavailable', data: {} }),
    {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '2', 'x-request-id': 'req-7f3a9c21' },
    },
  );

async function failure(reply: Response): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(reply)),
  );
  const err = await apiPost('verify-otp-email', screenDataSchema, { email: 'a@example.com', otp: '123456' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeAll(async () => {
  i18n.init({
    lng: 'hi',
    resources: { en: { common: enCommon }, hi: { common: hiCommon, messages: hiMessages } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

describe('a 503 while the service is away', () => {
  it('keeps the request id of the reply', async () => {
    const err = await failure(unavailable());
    expect(err.httpStatus).toBe(503);
    expect(err.code).toBe('serviceUnavailable');
    expect(err.requestId).toBe('req-7f3a9c21');
  });

  it('is said in the applicant’s language, with the reference after it', async () => {
    await i18n.changeLanguage('hi');
    render(<LoadFailed error={await failure(unavailable())} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain(`${hiMessages.serviceUnavailable} संदर्भ: req-7f3a9c21`);
  });

  it('says "Reference:" in English', async () => {
    await i18n.changeLanguage('en');
    render(<LoadFailed error={await failure(unavailable())} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain(`${MSG.serviceUnavailable} Reference: req-7f3a9c21`);
  });

  it('gives no reference for a refusal the applicant can act on', async () => {
    const invalid = new Response(
      JSON.stringify({ status: false, message: 'email: Please enter a valid email', data: { field: 'email' } }),
      { status: 400, headers: { 'content-type': 'application/json', 'x-request-id': 'req-400' } },
    );
    const err = await failure(invalid);
    expect(err.requestId).toBeUndefined();
    await i18n.changeLanguage('en');
    render(<LoadFailed error={err} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).not.toContain('Reference');
  });
});
