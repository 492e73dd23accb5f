/**
 * Request bodies. A call without files takes at most BODY_LIMIT_BYTES (64 KiB by default); each
 * upload call takes its files' limits from the spec, as base64, plus room for its other fields.
 * A JSON body nested deeper than JSON_MAX_DEPTH is refused (400, naming the body) while it is read,
 * before it is parsed, so hostile nesting costs no more than reading it.
 */
import { SIGNATURE_UPLOAD_MAX_BYTES } from '@ekyc/contracts/constants';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../lib/errors.ts';

/** Base64 text of a file of this many bytes (a data URL adds a few dozen characters more). */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** Room for the fields beside the files. */
const FIELDS = 64 * 1024;
/** An upload the spec gives no size for: the signature's 5 MB, the largest the spec names for an image. */
const FILE_MAX = SIGNATURE_UPLOAD_MAX_BYTES;

/** Upload calls (full paths) and the largest body each takes. Nominee and selfie set theirs on the route. */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  '/api/v1/ekyc/upload-signature': base64Length(SIGNATURE_UPLOAD_MAX_BYTES) + FIELDS,
  '/api/v1/ekyc/cheque-verification': base64Length(FILE_MAX) + FIELDS,
  '/api/v1/ekyc/other-bank-document': base64Length(FILE_MAX) + FIELDS,
  '/api/v1/ekyc/pan-validation': base64Length(FILE_MAX) + FIELDS,
  // the identity document's front and back
  '/api/v1/ekyc/digi-ovd-verify': 2 * base64Length(FILE_MAX) + FIELDS,
  // the financial proof: the contract allows 12,000,000 characters of document
  '/api/v1/ekyc/update-segment': 12_000_000 + FIELDS,
};

/**
 * Passes a JSON body through unchanged while counting the nesting of objects and arrays outside
 * strings, and fails (400, naming the body) as soon as it goes deeper than `max`: the parser never
 * sees such a body. Strings are skipped with indexOf, so long base64 fields cost next to nothing.
 */
export class JsonDepthGuard extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const n = buf.length;
    let nextQuote = -2;
    let nextSlash = -2;
    for (let i = 0; i < n; i++) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        if (nextQuote !== -1 && nextQuote < i) nextQuote = buf.indexOf(0x22, i);
        if (nextSlash !== -1 && nextSlash < i) nextSlash = buf.indexOf(0x5c, i);
        if (nextQuote === -1 && nextSlash === -1) break; // the string goes on in the next chunk
        if (nextSlash !== -1 && (nextQuote === -1 || nextSlash < nextQuote)) {
          i = nextSlash;
          this.escaped = true;
        } else {
          i = nextQuote;
          this.inString = false;
        }
        continue;
      }
      const c = buf[i];
      if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++this.depth > this.max) {
          callback(invalidField('body', `nested deeper than ${this.max} levels`));
          return;
        }
      } else if (c === 0x7d || c === 0x5d) this.depth--;
    }
    callback(null, buf);
  }
}

const isJson = (contentType: string | undefined) => /^\s*application\/json\s*(;|$)/i.test(contentType ?? '');

export function registerBodyLimits(app: FastifyInstance) {
  const { bodyLimit, jsonMaxDepth } = app.deps.config;
  app.addHook('onRoute', (route) => {
    const limit = UPLOAD_BODY_LIMITS[route.url];
    if (limit !== undefined && route.bodyLimit === undefined) route.bodyLimit = Math.max(limit, bodyLimit);
  });
  app.addHook('preParsing', async (req, _reply, payload) =>
    isJson(req.headers['content-type']) ? payload.pipe(new JsonDepthGuard(jsonMaxDepth)) : payload,
  );
}
