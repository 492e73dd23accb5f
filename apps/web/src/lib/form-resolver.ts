/**
 * react-hook-form's resolver for a contracts schema, as @hookform/resolvers/zod's, except that a
 * field error's type is its message's MSG key when the rule names one (the issue's params.code,
 * see @ekyc/contracts/said): the page shows msg(error) and the message is translated by that key.
 */
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import { saidIn } from './use-message';

export function keyedResolver<In extends FieldValues, Out extends FieldValues>(
  schema: z.core.$ZodType<Out, In>,
): Resolver<In, unknown, Out> {
  return async (values, _context, options) => {
    const result = await z.safeParseAsync(schema, values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (flat[path]) continue;
      const { code, message } = saidIn(issue);
      flat[path] = { type: code ?? issue.code, message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
