/** The client area's calls as a test makes them: sign-in, client and staff calls, a request e-signed at the sandbox ESP. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formOf, postForm } from './esign-flow.ts';
import { bearer, latestOtp } from './test-app.ts';

export type Envelope<T = Record<string, unknown>> = { status: boolean; message: string; data: T };
export type RequestView = { id: string; number: string; kind: string; status: string; reason_code: string | null };

export function clientAreaCalls(app: FastifyInstance) {
  const clientCall = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: object; language?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/client/${path}`,
      headers: {
        ...(options.token ? bearer(options.token) : {}),
        ...(options.language && { 'accept-language': options.language }),
        ...(method === 'POST' && { 'idempotency-key': randomUUID().replace(/-/g, '') }),
      },
      ...(options.body && { payload: options.body }),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const staffCall = async <T = Record<string, unknown>>(
    staff: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/backoffice/${path}`,
      headers: bearer(staff),
      ...(body && { payload: body }),
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const signIn = async (mobile: string) => {
    await clientCall('POST', 'send-otp', { body: { mobile } });
    const res = await clientCall<{ token?: string }>('POST', 'verify-otp', {
      body: { mobile, otp: await latestOtp(app, mobile) },
    });
    return res.body.data.token!;
  };
  /** Signs a draft request with Aadhaar eSign at the sandbox ESP, as the popup does; answers the result page. */
  const esign = async (token: string, mobile: string, requestId: string) => {
    const started = await clientCall<{ api_response: string }>('POST', `requests/${requestId}/esign`, { token });
    if (started.statusCode !== 200) throw new Error(`eSign not started: ${started.statusCode}`);
    const asp = formOf(started.body.data.api_response);
    const otpPage = await postForm(app, asp.action, asp.fields);
    const espTxn = formOf(otpPage.body).fields.espTxn!;
    const signedPage = await postForm(app, '/sandbox/esign/esp/otp', {
      espTxn,
      otp: await latestOtp(app, mobile),
      action: 'sign',
    });
    const response = formOf(signedPage.body, 'esp-response');
    return postForm(app, response.action, response.fields);
  };
  return { clientCall, staffCall, signIn, esign };
}
