/**
 * The OTP page counts down from the server's own wait before a resend (send-otp's resend_after,
 * carried to the page as ?resend_after=), and after a refused resend from what the server says is
 * left; the spec's 30 s stands in when the page has none.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OtpForm, resendAfterParam } from '../src/features/signup/components/otp-form';
import { ApiError } from '../src/lib/api-client';
import signup from '../src/i18n/locales/en/signup.json';

beforeAll(async () => {
  i18n.init({ lng: 'en', resources: { en: { signup } } });
});
afterEach(cleanup);

const form = (
  resendAfter: number | null,
  onResend = async () => ({ status: true, message: '', data: { resend_after: 20 } }),
) =>
  render(
    <OtpForm
      resendAfter={resendAfter}
      contact="+91 9876543210"
      editLink={null}
      onVerify={async () => ({ status: true, message: '' })}
      onResend={onResend}
    />,
  );

describe('the OTP countdown', () => {
  it('starts from the seconds the server gave', () => {
    form(resendAfterParam('45'));
    expect(screen.getByText(/45/)).toBeTruthy();
  });

  it('starts from the spec’s 30 s without them, or with a value that makes no sense', () => {
    expect(resendAfterParam('abc')).toBeNull();
    expect(resendAfterParam('-5')).toBeNull();
    form(resendAfterParam(null));
    expect(screen.getByText(/30/)).toBeTruthy();
  });

  it('after a resend refused as too soon, counts down what the server says is left', async () => {
    form(1, async () => {
      throw new ApiError('Please wait before asking for another OTP.', 429, { resend_after: 17 });
    });
    const resend = await screen.findByRole('button', { name: signup.resend });
    fireEvent.click(resend);
    expect(await screen.findByText(/17/)).toBeTruthy();
  });
});
