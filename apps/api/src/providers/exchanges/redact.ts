/**
 * What of a provider exchange is never kept: credentials, OTPs and tokens. A body is kept as it was
 * sent or received with those values replaced by REDACTED: JSON by key, a form or query by name,
 * XML by element and attribute name; headers are kept only when they describe the body.
 */
export const REDACTED = '[redacted]';

const SECRET_NAMES = new Set(['code', 'pin', 'mpin', 'appkey', 'authorization', 'cookie', 'setcookie', 'signedtoken']);
const SECRET_ENDINGS = /(password|passwd|secret|otp|token|apikey|privatekey|credential|credentials|verifier|pfx)$/;

/** Whether a key, parameter, element or attribute name holds a secret (case, '-' and '_' ignored). */
export function isSecretName(name: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z]/g, '');
  return SECRET_NAMES.has(n) || SECRET_ENDINGS.test(n);
}

/** A JSON value with every secret-named key's value replaced, at any depth. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretName(k) && v !== null && v !== '' ? REDACTED : redactJson(v)]),
    );
  return value;
}

export function redactParams(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const [k, v] of params) out.append(k, isSecretName(k) ? REDACTED : v);
  return out.toString();
}

/** A URL's query with its secret-named parameters redacted. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (!u.search) return url;
  u.search = redactParams(u.searchParams);
  return u.toString();
}

/** XML: the text of secret-named elements and the values of secret-named attributes. */
export function redactXml(xml: string): string {
  return xml
    .replace(/<((?:[\w.-]+:)?([\w.-]+))(\s[^>]*)?>([^<]*)<\/\1>/g, (all, tag: string, local: string, attrs = '') =>
      isSecretName(local) ? `<${tag}${attrs as string}>${REDACTED}</${tag}>` : all,
    )
    .replace(/\s((?:[\w.-]+:)?([\w.-]+))\s*=\s*"([^"]*)"/g, (all, attr: string, local: string) =>
      isSecretName(local) ? ` ${attr}="${REDACTED}"` : all,
    );
}

/** Text of an unknown format: `name=value` and `"name": "value"` pairs with secret names. */
function redactText(text: string): string {
  return text
    .replace(/"([\w-]+)"\s*:\s*"[^"]*"/g, (all, k: string) => (isSecretName(k) ? `"${k}":"${REDACTED}"` : all))
    .replace(/\b([\w-]+)=([^&\s"]+)/g, (all, k: string) => (isSecretName(k) ? `${k}=${REDACTED}` : all));
}

const TEXTUAL = /json|xml|text|x-www-form-urlencoded|javascript/i;

/** Whether a body of this content type is kept as text (else as base64). */
export const isTextual = (contentType: string | null) => !contentType || TEXTUAL.test(contentType);

/** A body as kept: redacted text, by its content type (or by its look when it has none). */
export function redactBody(text: string, contentType: string | null): string {
  const type = contentType ?? '';
  const trimmed = text.trimStart();
  if (/json/i.test(type) || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return redactText(text);
    }
  }
  if (/x-www-form-urlencoded/i.test(type)) return redactParams(new URLSearchParams(text));
  if (/xml/i.test(type) || trimmed.startsWith('<')) return redactText(redactXml(text));
  return redactText(text);
}

/** Only the headers that describe a body are kept (credentials travel in the others). */
export function keptHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['content-type', 'content-length', 'content-encoding'])
    if (headers.has(name)) out[name] = headers.get(name)!;
  return out;
}
