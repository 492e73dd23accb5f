/**
 * One validated field without a form library (the sign-up pages are the first load on a phone):
 * the shared contract schema decides, messages show after the first blur or submit.
 */
import { useState } from 'react';
import { type Said, saidIn } from '../../../lib/use-message';

interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string; params?: unknown }> } };
}

export function useField<T>(schema: Schema<T>, initial: string) {
  const [value, setValue] = useState(initial);
  const [shown, setShown] = useState(false);
  const result = schema.safeParse(value);
  // the message with its key (the rule's params.code), for msg() to translate
  const issue = result.success ? undefined : result.error.issues[0];
  const error: Said | undefined = issue && saidIn(issue);
  return {
    value,
    error: shown ? error : undefined,
    setValue,
    onBlur: () => setShown(true),
    /** Shows the message and returns the parsed value when valid. */
    submit(): T | null {
      setShown(true);
      return result.success ? result.data : null;
    },
  };
}
