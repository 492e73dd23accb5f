/**
 * The sandbox KRA in CVL's KYC Status API 2.6 wire format: GetToken and
 * SolicitPANDetailsFetchALLKRA with AES-256-CBC bodies, sealed and opened by the sandbox's own
 * reading of the API's encryption (not the adapter's functions, so a wrong codec there is caught
 * here). Known outcomes (contract): digits 9999 are KRA-registered
 * (status 002) with a correspondence address; other PANs are not available (005); a malformed
 * PAN is 999. A date of birth is required, as CVL requires it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { SANDBOX_KRA, sandboxKraAesKey } from '../../providers/kra/create.ts';
import { sandboxTokens } from '../state.ts';

const inquirySchema = z.object({
  APP_REQ_ROOT: z.object({
    APP_PAN_INQ: z.object({
      APP_PAN_NO: z.string().max(10),
      APP_DOB_INCORP: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
      APP_POS_CODE: z.string(),
      APP_RTA_CODE: z.string(),
      APP_KRA_CODE: z.string(),
      FETCH_TYPE: z.string(),
    }),
  }),
});

/** Sandbox PANs whose digits are 3333, 4444 or 5555 are On Hold, Rejected or Deactivated at the KRA. */
const KRA_BLOCKED: Record<string, string> = { '3333': '003', '4444': '004', '5555': '006' };

// The API 2.6 body: a JSON string "<iv>:<ciphertext>", both base64url, AES-256-CBC with PKCS#7
// padding under the key CVL issues, a fresh 16-byte IV per message.
function seal(key: Buffer, text: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return `${iv.toString('base64url')}:${Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64url')}`;
}
function unseal(key: Buffer, body: string): string {
  const m = /^"?([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]+)"?$/.exec(body.trim());
  if (!m) throw new Error('not an API 2.6 body');
  const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(m[1]!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(m[2]!, 'base64url')), decipher.final()]).toString('utf8');
}

export const sandboxKraRoutes: FastifyPluginAsync = async (app) => {
  const key = sandboxKraAesKey(app.deps.config.secretKey);
  // checked by signature, so a token from one process is good in any other
  const tokens = sandboxTokens(app.deps.hasher, 'kra', 60 * 60 * 1000);
  const open = (body: unknown): unknown => {
    try {
      return JSON.parse(unseal(key, typeof body === 'string' ? body : '')) as unknown;
    } catch {
      return null;
    }
  };
  const sealed = (value: unknown) => JSON.stringify(seal(key, JSON.stringify(value)));

  app.post('/sandbox/kra/GetToken', async (req, reply) => {
    const login = z
      .object({ username: z.string(), poscode: z.string(), password: z.string() })
      .safeParse(open(req.body));
    const ok =
      req.headers.api_key === SANDBOX_KRA.apiKey &&
      login.success &&
      login.data.username === SANDBOX_KRA.userName &&
      login.data.poscode === SANDBOX_KRA.posCode &&
      login.data.password === SANDBOX_KRA.password;
    return reply
      .type('application/json')
      .send(
        sealed(
          ok
            ? { success: '1', token: tokens.issue() }
            : { success: '0', error_code: 'E001', error_message: 'Invalid credentials' },
        ),
      );
  });

  app.post('/sandbox/kra/SolicitPANDetailsFetchALLKRA', async (req, reply) => {
    if (!tokens.valid(String(req.headers.token ?? '')))
      return reply.status(401).send({ error_code: 'E401', error_message: 'Invalid token' });
    const body = inquirySchema.safeParse(open(req.body));
    if (!body.success) return reply.status(400).send({ error_code: 'E400', error_message: 'Invalid request' });
    const pan = body.data.APP_REQ_ROOT.APP_PAN_INQ.APP_PAN_NO;
    const record = !/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)
      ? { APP_PAN_NO: pan, APP_STATUS: '999' }
      : KRA_BLOCKED[pan.slice(5, 9)]
        ? { APP_PAN_NO: pan, APP_STATUS: KRA_BLOCKED[pan.slice(5, 9)]! }
        : pan.slice(5, 9) !== '9999'
          ? { APP_PAN_NO: pan, APP_STATUS: '005' }
          : {
              APP_PAN_NO: pan,
              APP_STATUS: '002',
              APP_KRA_INFO: 'CVLKRA',
              APP_NAME: 'KRA REGISTERED HOLDER',
              APP_KYC_MODE: '0',
              APP_COR_ADD1: 'FLAT 402, SUNRISE APARTMENTS',
              APP_COR_ADD2: 'LINKING ROAD, BANDRA WEST',
              APP_COR_ADD3: 'NEAR NATIONAL COLLEGE',
              APP_COR_CITY: 'MUMBAI',
              APP_COR_PINCD: '400050',
              APP_COR_STATE: 'MAHARASHTRA',
              APP_COR_CTRY: 'INDIA',
              APP_STATUSDT: '12-04-2019',
            };
    return { resdtls: seal(key, JSON.stringify({ KYC_DATA: record })) };
  });
};
