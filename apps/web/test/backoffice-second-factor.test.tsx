/**
 * The back office's sign-in second step: an account that must enrol sees the QR code and the key,
 * a wrong code is refused with the server's word, the first right code shows the recovery codes
 * once, and only "I have saved them" opens the back office with the token.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import backoffice from '../src/i18n/locales/en/backoffice.json';
import { SecondFactorStep } from '../src/features/backoffice/components/second-factor-step';

beforeAll(async () => {
  i18n.init({ lng: 'en', resources: { en: { backoffice } } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STAFF = {
  id: 's1',
  email: 'rita@broker.example',
  name: 'Rita',
  role: 'reviewer',
  active: true,
  created_at: '2026-12-04T10:00:00.000Z',
  last_login_at: null,
  password_change_required: false,
  mfa_enrolled: true,
  pending_role: null,
  mfa_reset_pending: false,
};
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

it('enrols: QR code and key, a wrong code refused, then the recovery codes before the back office opens', async () => {
  const codes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { code?: string };
      if (url.endsWith('/login/mfa/enrol'))
        return json({
          status: true,
          message: 'Scan the code with your authenticator app',
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/eKYC:rita?secret=JBSWY3DPEHPK3PXP',
            qr_code: 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
          },
        });
      codes.push(body.code!);
      return body.code === '123456'
        ? json({
            status: true,
            message: 'Signed in',
            data: { token: 'staff-token', staff: STAFF, recovery_codes: ['abcde-fghjk', 'mnpqr-stuvw'] },
          })
        : json({ status: false, message: 'Incorrect code', data: {} });
    }),
  );
  const signedIn = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SecondFactorStep
        challenge={{ mfa: 'enrol', challenge: 'c.enrol.1.sig' }}
        onSignedIn={signedIn}
        onRestart={vi.fn()}
        onBack={vi.fn()}
      />
    </QueryClientProvider>,
  );

  expect(screen.getByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
  expect(
    await screen.findByRole('img', { name: 'QR code to add the back office to your authenticator app' }),
  ).toBeTruthy();
  expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

  const code = screen.getByLabelText('Code from your authenticator app');
  fireEvent.change(code, { target: { value: '654321' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Incorrect code');

  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  const list = await screen.findByRole('list', { name: 'Your recovery codes' });
  expect(list.textContent).toContain('abcde-fghjk');
  expect(signedIn).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
  expect(signedIn).toHaveBeenCalledWith('staff-token');
  expect(codes).toEqual(['654321', '123456']);
});
