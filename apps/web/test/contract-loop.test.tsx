/**
 * The contract loop on the web: each reply's data is parsed with its contracts schema (a reply that
 * does not match is the generic error, not a crash), messages are translated by their code, and a
 * stage action goes to data.screen even when refused and puts a 400's field errors on the form.
 */
import { sendOtpReplyDataSchema } from '@ekyc/contracts/calls/web-send-otp';
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { mobileSchema } from '@ekyc/contracts/rules';
import { shareTotalError } from '@ekyc/contracts/nominee-rules';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { useForm } from 'react-hook-form';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiPost } from '../src/lib/api-client';
import { type Saying, saidIn, useMessage } from '../src/lib/use-message';
import { useStageAction } from '../src/lib/use-stage-action';
import { Toaster } from '../src/components/toaster';
import hiMessages from '../src/i18n/locales/hi/messages.json';

const answer = (body: unknown, status = 200) =>
  vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

beforeAll(async () => {
  i18n.init({
    lng: 'en',
    resources: { hi: { messages: hiMessages }, en: { messages: {} } },
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  window.history.replaceState(null, '', '/');
});

describe('the API client parses each reply with its schema', () => {
  it('answers the parsed data of a reply that matches', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ status: true, message: 'OTP sent', data: { screen: '/verify-otp', resend_after: 30, expires_in: 300 } }),
    );
    const reply = await apiPost('send-otp', sendOtpReplyDataSchema, { mobile: '9876543210' });
    expect(reply.status).toBe(true);
    if (reply.status) expect(reply.data.resend_after).toBe(30);
  });

  it('rejects a reply whose data does not match, with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ status: true, message: 'OTP sent', data: { screen: '/verify-otp', resend_after: 'soon' } }),
    );
    const outcome = await apiPost('send-otp', sendOtpReplyDataSchema, {}).then(
      () => null,
      (err: unknown) => err,
    );
    expect(outcome).toBeInstanceOf(ApiError);
    expect((outcome as ApiError).message).toBe(MSG.somethingWrong);
  });

  it('rejects a body that is not an envelope', async () => {
    vi.stubGlobal('fetch', answer(['not', 'an', 'envelope']));
    await expect(apiPost('send-otp', sendOtpReplyDataSchema, {})).rejects.toBeInstanceOf(ApiError);
  });

  it('keeps a refusal’s code and screen', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ status: false, message: MSG.otpInvalid, code: 'otpInvalid', data: { screen: '/' } }),
    );
    const reply = await apiPost('send-otp', sendOtpReplyDataSchema, {});
    expect(reply).toMatchObject({ status: false, code: 'otpInvalid', data: { screen: '/' } });
  });
});

function Said({ reply }: { reply: Saying }) {
  const msg = useMessage();
  return <p>{msg(reply)}</p>;
}

describe('messages are translated by their code', () => {
  it('shows a reply’s message in Hindi when it has a code and the language is Hindi', async () => {
    await i18n.changeLanguage('hi');
    render(<Said reply={{ code: 'otpInvalid', message: MSG.otpInvalid }} />);
    expect(screen.getByText(hiMessages.otpInvalid)).toBeTruthy();
  });

  it('translates by the code, even when the English beside it is not the catalogue’s', async () => {
    await i18n.changeLanguage('hi');
    render(<Said reply={{ code: 'otpInvalid', message: 'Type the code we sent you' }} />);
    expect(screen.getByText(hiMessages.otpInvalid)).toBeTruthy();
    render(<Said reply={{ code: 'nomineeSaved', message: 'Nominees stored' }} />);
    expect(screen.getByText(hiMessages.nomineeSaved)).toBeTruthy();
  });

  it('translates by the code when the English beside it is another message’s', async () => {
    await i18n.changeLanguage('hi');
    render(<Said reply={{ code: 'nomineeSaved', message: MSG.otpInvalid }} />);
    expect(screen.getByText(hiMessages.nomineeSaved)).toBeTruthy();
    expect(screen.queryByText(hiMessages.otpInvalid)).toBeNull();
  });

  it('never looks a bare text up by its English, even one that is the catalogue’s', async () => {
    await i18n.changeLanguage('hi');
    // a text from untyped data (the type allows only keys): shown as it came
    const text: unknown = MSG.otpInvalid;
    render(<Said reply={text as MessageKey} />);
    expect(screen.getByText(MSG.otpInvalid)).toBeTruthy();
    expect(screen.queryByText(hiMessages.otpInvalid)).toBeNull();
  });

  it('never translates a reply by its English: with no code the text is shown as it came', async () => {
    await i18n.changeLanguage('hi');
    render(<Said reply={{ message: MSG.otpInvalid }} />);
    expect(screen.getByText(MSG.otpInvalid)).toBeTruthy();
  });

  it('shows the server’s own text when the reply has no code', async () => {
    await i18n.changeLanguage('hi');
    render(<Said reply={{ message: 'Signed in' }} />);
    expect(screen.getByText('Signed in')).toBeTruthy();
  });

  it('translates a page’s own rule by the key the rule returns', async () => {
    await i18n.changeLanguage('hi');
    expect(shareTotalError(['70', '40'])).toBe('shareOver100');
    render(<Said reply={shareTotalError(['70', '40'])} />);
    expect(screen.getByText(hiMessages.shareOver100)).toBeTruthy();
  });

  it('translates a form rule’s message by the key the rule gives it, not by its English', async () => {
    await i18n.changeLanguage('hi');
    const checked = mobileSchema.safeParse('12345');
    const issue = checked.success ? undefined : checked.error.issues[0];
    expect(issue && saidIn(issue)).toEqual({ code: 'mobileStart', message: MSG.mobileStart });
    render(<Said reply={issue && saidIn(issue)} />);
    expect(screen.getByText(hiMessages.mobileStart)).toBeTruthy();
  });

  it('shows the server’s text in English', () => {
    render(<Said reply={{ code: 'otpInvalid', message: MSG.otpInvalid }} />);
    expect(screen.getByText(MSG.otpInvalid)).toBeTruthy();
  });
});

function IfscForm() {
  const form = useForm<{ ifsc: string }>({ defaultValues: { ifsc: '' } });
  const msg = useMessage();
  const save = useStageAction((body: { ifsc: string }) => apiPost('bank-verification', sendOtpReplyDataSchema, body), {
    setError: form.setError,
  });
  return (
    <form data-testid="form" onSubmit={form.handleSubmit((v) => save(v))}>
      <input aria-label="IFSC" {...form.register('ifsc')} />
      {form.formState.errors.ifsc && <p role="alert">{msg(form.formState.errors.ifsc)}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useStageAction', () => {
  it('goes to data.screen when the reply’s status is false', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ status: false, message: MSG.bankFailed, data: { screen: '/bank-and-segment/cancel-cheque' } }),
    );
    render(<IfscForm />, { wrapper: BrowserRouter });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/ekyc1/bank-and-segment/cancel-cheque'));
  });

  it('puts a 400’s field error on its field, translated by its code', async () => {
    await i18n.changeLanguage('hi');
    vi.stubGlobal(
      'fetch',
      answer(
        {
          status: false,
          message: `body.ifsc: ${MSG.ifscInvalid}`,
          data: { field: 'ifsc', errors: [{ field: 'ifsc', message: MSG.ifscInvalid, code: 'ifscInvalid' }] },
        },
        400,
      ),
    );
    render(<IfscForm />, { wrapper: BrowserRouter });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect((await screen.findByRole('alert')).textContent).toBe(hiMessages.ifscInvalid);
    expect(window.location.pathname).toBe('/');
  });

  it('says a 400’s field error in a toast as well as on its field', async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        {
          status: false,
          message: MSG.ifscInvalid,
          data: { field: 'ifsc', errors: [{ field: 'ifsc', message: MSG.ifscInvalid, code: 'ifscInvalid' }] },
        },
        400,
      ),
    );
    render(
      <BrowserRouter>
        <IfscForm />
        <Toaster />
      </BrowserRouter>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    // the field's message under the field and in the toast
    await vi.waitFor(() => expect(screen.getAllByText(MSG.ifscInvalid)).toHaveLength(2));
  });
});
