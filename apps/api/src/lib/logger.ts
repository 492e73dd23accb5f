/**
 * Structured JSON logs. Request bodies are never logged; tokens, OTPs, PAN, Aadhaar and account
 * numbers are redacted from anything that is.
 */
import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY =
  /([?&](?:token|transaction_id|sig|code|state|otp|epro_id|to|mobile|email|vpa_id|ifsc|pan)=)[^&]*/gi;
const PAN = /\b[A-Z]{5}\d{4}[A-Z]\b/g;
const LONG_DIGITS = /\b\d{9,18}\b/g;
const MOBILE = /\b[6-9]\d{9}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Removes personal data and secrets from a free-text string. */
export function redact(text: string): string {
  return text
    .replace(SECRET_QUERY, '$1[REDACTED]')
    .replace(EMAIL, '[EMAIL]')
    .replace(PAN, '[PAN]')
    .replace(MOBILE, '[MOBILE]')
    .replace(LONG_DIGITS, '[NUMBER]');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  code?: string;
  message: string;
  stack: string;
  cause?: LoggedError;
}

/**
 * An error as the log keeps it, its causes included (a few deep): the driver's wrapper says which
 * statement failed, its cause why (`57P01 terminating connection due to administrator command`).
 */
export function logError(err: Error & { code?: unknown }, depth = 0): LoggedError {
  const cause = err.cause;
  return {
    type: err.name,
    ...(typeof err.code === 'string' && { code: err.code }),
    message: redact(err.message),
    stack: redact(err.stack ?? ''),
    ...(cause instanceof Error && depth < 3 && { cause: logError(cause, depth + 1) }),
  };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream && { stream }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.token',
        '*.otp',
        '*.pan',
        '*.account_number',
        '*.aadhaar',
        '*.mobile',
        '*.email',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: redact(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error & { code?: string }) => logError(err),
    },
  };
}
