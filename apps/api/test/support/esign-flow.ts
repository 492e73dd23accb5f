/** Drives Aadhaar eSign the way the popup does: ASP form → sandbox ESP → OTP → response URL. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { acknowledgedDocuments, call, latestOtp } from './test-app.ts';

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden fields and action of the first form in an HTML page. */
export function formOf(html: string, id?: string): { action: string; fields: Record<string, string> } {
  const form = id
    ? new RegExp(`<form[^>]*id="${id}"[\\s\\S]*?</form>`).exec(html)?.[0]
    : /<form[\s\S]*?<\/form>/.exec(html)?.[0];
  if (!form) throw new Error('no form in the page');
  const action = decode(/action="([^"]*)"/.exec(form)![1]!);
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[decode(m[1]!)] = decode(m[2]!);
  return { action, fields };
}

export const postForm = (app: FastifyInstance, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** Starts consent and answers the ESP's OTP page; returns the ESP's response form (not yet posted). */
export async function signAtEsp(
  app: FastifyInstance,
  token: string,
  mobile: string,
  eproId: string,
  /** The name the sandbox ESP's Aadhaar eKYC gives the signer (the Aadhaar name on record when absent). */
  signerName?: string,
) {
  const consent = await call<{ transaction_id: string; api_response: string; expires_in: number }>(
    app,
    'GET',
    'esign-consent',
    {
      token,
      query: { epro_id: eproId, documents: await acknowledgedDocuments(app) },
    },
  );
  const asp = formOf(consent.body.data.api_response);
  const otpPage = await postForm(app, asp.action, asp.fields);
  if (otpPage.statusCode !== 200) throw new Error(`ESP refused the request: ${otpPage.body}`);
  const espTxn = formOf(otpPage.body).fields.espTxn!;
  const otp = await latestOtp(app, mobile);
  const signedPage = await postForm(app, `${asp.action}/otp`, {
    espTxn,
    otp,
    action: 'sign',
    ...(signerName && { signer_name: signerName }),
  });
  return { consent: consent.body.data, response: formOf(signedPage.body, 'esp-response') };
}

/** A real socket to the app (listening on a free port): the first message it receives. */
export async function socketMessages(app: FastifyInstance, url: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${url}`);
  const messages: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (m: Buffer) => {
    messages.push(JSON.parse(m.toString()) as Record<string, unknown>);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    async next(): Promise<Record<string, unknown>> {
      while (messages.length === 0) await new Promise<void>((r) => waiters.push(r));
      return messages.shift()!;
    },
    close: () => socket.close(),
  };
}
