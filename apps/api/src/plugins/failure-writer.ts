/**
 * Writes a failure reply through its HTTP status's schema (FAILURE_DATA in the contracts), as a
 * route's own reply is written through the route's (reply-serializer.ts): only the fields the schema
 * names go on the wire, in every mode, and outside production a failure carrying a field its status
 * does not name is a contract error (tests fail on it, development logs it). The error handler
 * answers every failure with it, whatever the route declared.
 */
import { FAILURE_DATA, type FailureStatus, failureReplySchema } from '@ekyc/contracts/envelope';
import { safeParse } from 'zod/v4/core';
import { failureCodesOf } from '../lib/errors.ts';
import { ReplyContractError, type ReplyCheck } from './reply-serializer.ts';
import { replyWriter } from './reply-writer.ts';

export interface FailureBody {
  status: boolean;
  message: string;
  code?: string;
  data: Record<string, unknown>;
}

const statusOf = (http: number): FailureStatus => (http in FAILURE_DATA ? (http as FailureStatus) : 500);

const envelopeOf = (status: FailureStatus) => failureReplySchema(failureCodesOf(status), FAILURE_DATA[status]);
const schemas = new Map<FailureStatus, ReturnType<typeof envelopeOf>>();

/** A failure's envelope schema for an HTTP status, as the document gives it: the codes of the status, its data, every field named. */
export function failureSchemaOf(http: number) {
  const status = statusOf(http);
  let schema = schemas.get(status);
  if (!schema) schemas.set(status, (schema = envelopeOf(status)));
  return schema;
}

/**
 * `check(httpStatus, body)` before the failure is sent: a field its status does not name fails
 * (mode check) or is logged (warn); `write(httpStatus, body)` as it is sent: the body as JSON, its
 * data cut to what the status names.
 */
export function failureWriter(mode: ReplyCheck, warn: (detail: { status: number; issues: string }) => void) {
  const writers = new Map<FailureStatus, (body: unknown) => string>();
  return {
    check(http: number, body: FailureBody): void {
      if (mode === 'off') return;
      const result = safeParse(failureSchemaOf(http), body);
      if (result.success) return;
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`).join('; ');
      warn({ status: http, issues });
      if (mode === 'check') throw new ReplyContractError(`a ${http} failure breaks its schema: ${issues}`);
    },
    write(http: number, body: FailureBody): string {
      const status = statusOf(http);
      let write = writers.get(status);
      if (!write) writers.set(status, (write = replyWriter(failureSchemaOf(status))));
      return write(body);
    },
  };
}
