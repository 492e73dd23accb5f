/**
 * The production mail adapter against a mock of SendGrid's published Mail Send API
 * (test/fixtures/sendgrid-mail-send.openapi.json, from twilio/sendgrid-oai): the request must be a
 * POST to /v3/mail/send with the bearer key, and its body valid against the document's request
 * schema (properties the document does not list are refused too, so a misspelt key fails); the
 * mock then answers 202 with no body, as the document says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { Msg91MessageSender } from '../src/providers/messaging/msg91.ts';

type Schema = Record<string, unknown>;
const spec = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/sendgrid-mail-send.openapi.json'), 'utf8'),
) as { components: { schemas: Record<string, Schema>; requestBodies: Record<string, Schema> } };

/** The document's schema for ajv: local $refs resolved, `format` dropped, unlisted properties refused. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (typeof s.$ref === 'string')
    return strict({ ...spec.components.schemas[s.$ref.split('/').pop()!], ...s, $ref: undefined });
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'format' || v === undefined) continue;
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, strict(ps)]))
        : strict(v);
  }
  if (out.properties) out.additionalProperties = false;
  return out;
}
const body = (spec.components.requestBodies.PostMailSend as { content: Record<string, { schema: Schema }> }).content[
  'application/json'
]!.schema;
const ajv = new Ajv({ allErrors: true, strict: false });
const validBody = ajv.compile(strict(body) as object);

/** The mock: the document's operation, or the answer SendGrid gives to what it does not accept. */
function sendGrid() {
  const received: unknown[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const u = new URL(url);
    if (init.method !== 'POST' || u.pathname !== '/v3/mail/send')
      return new Response('{"errors":[{"message":"not found"}]}', { status: 404 });
    if (new Headers(init.headers).get('authorization') !== 'Bearer SG.test-key')
      return Response.json({ errors: [{ message: 'authorization required', field: null }] }, { status: 401 });
    const json = JSON.parse(String(init.body)) as unknown;
    received.push(json);
    if (!validBody(json))
      return Response.json({ errors: [{ message: ajv.errorsText(validBody.errors), field: null }] }, { status: 400 });
    return new Response(null, { status: 202 });
  };
  return { fetch, received };
}

const sender = (fetchFn: ReturnType<typeof sendGrid>['fetch']) =>
  new Msg91MessageSender({
    baseUrl: 'https://control.msg91.test',
    authKey: 'auth-1',
    sender: 'BROKER',
    templates: {
      otp: 'tpl-otp',
      esign_otp: 'tpl-otp',
      decision: 'tpl-decision',
      activation: 'tpl-activation',
      purge_notice: 'tpl-purge',
      reminder: 'tpl-reminder',
      service_request: 'tpl-service-request',
      closure: 'tpl-closure',
      send_back_reminder: 'tpl-send-back-reminder',
      segments_pending: 'tpl-segments-pending',
      document_request: 'tpl-document-request',
    },
    whatsapp: { number: '919800000000', templates: { otp: 'account_otp' }, namespace: null, language: 'en' },
    mailUrl: 'https://api.sendgrid.test/v3/mail/send',
    mailKey: 'SG.test-key',
    mailFrom: 'noreply@broker.test',
    fetch: fetchFn,
  });

it('sends the welcome email with its PDFs as the Mail Send API takes them', async () => {
  const api = sendGrid();
  const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  await sender(api.fetch).send({
    channel: 'email',
    to: 'asha@example.com',
    template: 'activation',
    subject: 'Welcome: your account is active',
    text: 'Your Account is Active.',
    attachments: [
      { filename: 'tariff.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'mitc.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 mitc') },
    ],
  });
  const sent = api.received[0] as { attachments: { content: string; filename: string; type: string }[] };
  expect(sent.attachments.map((a) => [a.filename, a.type])).toEqual([
    ['tariff.pdf', 'application/pdf'],
    ['mitc.pdf', 'application/pdf'],
  ]);
  expect(Buffer.from(sent.attachments[0]!.content, 'base64').equals(pdf)).toBe(true);
});

it('sends an email without attachments valid too, and reports what the API refuses', async () => {
  const api = sendGrid();
  await sender(api.fetch).send({ channel: 'email', to: 'asha@example.com', template: 'decision', text: 'Decision' });
  expect(api.received[0]).not.toHaveProperty('attachments');
  // the mock refuses what the document does not allow: a body without content fails here, as at SendGrid
  await expect(
    sender(api.fetch).send({ channel: 'email', to: 'asha@example.com', template: 'decision', text: '' }),
  ).rejects.toThrow('POST /v3/mail/send answered 400');
});
