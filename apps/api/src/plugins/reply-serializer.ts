/**
 * Serialises a route's reply through its schema. Each route declares its reply with a shared Zod
 * schema (schema.response), which the OpenAPI document lists. The reply is written by the schema's
 * compiled writer (reply-writer.ts) in every mode, so a field the schema does not declare never goes
 * on the wire; outside production it is also checked against the schema (as it goes on the wire,
 * dates as strings), so tests and development find a reply that drifted from its contract, while
 * production only pays for the writer.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { replyWriter } from './reply-writer.ts';

/** `check`: a reply that breaks its schema fails (tests); `warn`: it is logged (development); `off`. */
export type ReplyCheck = 'check' | 'warn' | 'off';

export class ReplyContractError extends Error {}

export function replySerializerCompiler(
  mode: ReplyCheck,
  warn: (detail: { method: string; url: string; issues: string }) => void,
): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = schema as $ZodType;
    const write = replyWriter(zod);
    if (mode === 'off') return write;
    return (data: unknown) => {
      const json = JSON.stringify(data) as string | undefined;
      if (json === undefined) return json as unknown as string;
      const result = safeParse(zod, JSON.parse(json));
      if (!result.success) {
        const issues = result.error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`)
          .join('; ');
        warn({ method, url, issues });
        if (mode === 'check') throw new ReplyContractError(`${method} ${url}: the reply breaks its schema: ${issues}`);
      }
      return write(data);
    };
  };
}
