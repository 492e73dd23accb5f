/**
 * Serialises a route's reply as plain JSON. Each route declares its reply with a shared Zod schema
 * (schema.response), which the OpenAPI document lists; the reply is checked against it outside
 * production (as it goes on the wire, dates as strings), so tests and development find a reply that
 * drifted from its contract, while production only pays for JSON.stringify. The bytes are the same
 * in every mode: the reply is never reshaped by its schema.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';

/** `check`: a reply that breaks its schema fails (tests); `warn`: it is logged (development); `off`. */
export type ReplyCheck = 'check' | 'warn' | 'off';

export class ReplyContractError extends Error {}

export function replySerializerCompiler(
  mode: ReplyCheck,
  warn: (detail: { method: string; url: string; issues: string }) => void,
): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = schema as $ZodType;
    return (data: unknown) => {
      const json = JSON.stringify(data) as string | undefined;
      if (mode === 'off' || json === undefined) return json as string;
      const result = safeParse(zod, JSON.parse(json));
      if (result.success) return json;
      const issues = result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`)
        .join('; ');
      warn({ method, url, issues });
      if (mode === 'check') throw new ReplyContractError(`${method} ${url}: the reply breaks its schema: ${issues}`);
      return json;
    };
  };
}
