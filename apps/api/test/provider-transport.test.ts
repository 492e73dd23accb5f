/**
 * The production adapters' transport (providerFetch): what reaches a provider and what comes back
 * is what fetch sent and answered, against a local HTTP server: bodies and their content types
 * (multipart included), default headers, repeated response headers, bodiless answers, redirects,
 * timeouts and refused connections.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFetch } from '../src/providers/http.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url === '/hang') return;
      if (req.url === '/empty') return res.writeHead(204).end();
      if (req.url === '/moved') return res.writeHead(302, { location: '/json?after=redirect' }).end();
      res
        .writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] })
        .end(JSON.stringify({ url: req.url }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const last = () => seen[seen.length - 1]!;

describe('providerFetch', () => {
  it('sends the method, headers and body, with fetch’s default accept and user agent, and answers a Response', async () => {
    const res = await providerFetch(`${base}/json?q=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"pan":"BCDPS4321K"}',
    });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(await res.json()).toEqual({ url: '/json?q=1' });
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(last()).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t', accept: '*/*', 'user-agent': 'node' },
    });
    expect(last().body.toString()).toBe('{"pan":"BCDPS4321K"}');
  });

  it('encodes a multipart form as fetch does, boundary in its content type', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0x00])], { type: 'image/jpeg' }), 'image.jpg');
    await providerFetch(`${base}/json`, { method: 'POST', headers: { accept: 'application/json' }, body: form });
    const type = String(last().headers['content-type']);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const boundary = type.split('boundary=')[1]!;
    const body = last().body;
    expect(body.toString('latin1')).toContain(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="image.jpg"`,
    );
    expect(body.includes(Buffer.from([0xff, 0xd8, 0xff, 0x00]))).toBe(true);
    expect(last().headers.accept).toBe('application/json');
  });

  it('answers a bodiless status without a body, and follows a redirect', async () => {
    const empty = await providerFetch(`${base}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const moved = await providerFetch(`${base}/moved`, {});
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ url: '/json?after=redirect' });
  });

  it('ends at the signal’s timeout with a TimeoutError, and names a refused connection', async () => {
    await expect(providerFetch(`${base}/hang`, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    await expect(providerFetch('http://127.0.0.1:9/x', {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
