/**
 * One validated field without a form library (the sign-up pages are the first load on a phone):
 * the shared contract schema decides, messages show after the first blur or submit.
 */
import { useState } from 'react';

interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
}

export function useField<T>(schema: Schema<T>, initial: string) {
  const [value, setValue] = useState(initial);
  const [shown, setShown] = useState(false);
  const result = schema.safeParse(value);
  const error = result.success ? undefined : result.error.issues[0]?.message;
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
