/**
 * The stage action every applicant page repeats (spec section 4): call the API, say the reply's
 * message (a success toast, or an error toast when status is false), then go to data.screen
 * whether the call succeeded or not. A 400's field errors go onto the form's fields (react-hook-
 * form's setError, or any callback); a raised reply that names a screen (a step of another stage)
 * still leads there. Messages are translated by their code (lib/use-message).
 */
import { useCallback } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import * as z from 'zod/mini';
import { ApiError, type Envelope } from './api-client';
import { useScreenNavigate } from './navigation';
import { toast } from './toast';
import { type Said, useMessage } from './use-message';

/** One of a 400 reply's data.errors[]. */
export interface FieldProblem {
  field: string;
  message: string;
  code?: string;
}

/** The field errors of a 400 reply (data.errors[] of { field, message, code? }), if any. */
const problemsSchema = z.object({
  errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.optional(z.string()) })),
});

export function fieldProblems(err: unknown): FieldProblem[] {
  if (!(err instanceof ApiError) || err.httpStatus !== 400) return [];
  const parsed = z.safeParse(problemsSchema, err.data);
  // the field as the form names it (the server may prefix where it was: body.ifsc)
  return parsed.success ? parsed.data.errors.map((p) => ({ ...p, field: p.field.replace(/^(body|query)\./, '') })) : [];
}

export interface StageActionOptions<T, F extends FieldValues> {
  /** After a successful reply, before going to its screen. */
  onSuccess?: (data: T, reply: Envelope<T>) => void | Promise<void>;
  /** After a refused reply (status false), before going to its screen. */
  onRefused?: (reply: Envelope<T>) => void;
  /** After a thrown error has been said (and its fields marked). */
  onError?: (err: unknown) => void;
  /** Go to data.screen (default); false when the page goes on by itself. */
  followScreen?: boolean;
  /** No success toast (the page says it otherwise). */
  quietSuccess?: boolean;
  /** The form whose fields a 400's errors go onto. */
  setError?: UseFormSetError<F>;
  /** Field errors for a form without react-hook-form. */
  onFieldErrors?: (problems: FieldProblem[]) => void;
  /**
   * The call waits in a provider's queue (503, code providerQueue): no error is said, the page
   * shows the place and asks again by itself (components/queue-position).
   */
  onQueued?: (place: QueuePlace, again: () => void) => void;
}

/** The applicant's place in a provider's queue and when to ask again. */
export interface QueuePlace {
  position: number;
  seconds: number;
}

/** The place a providerQueue answer gives, or null for any other answer. */
export function queuePlaceOf(err: unknown): QueuePlace | null {
  if (!(err instanceof ApiError) || err.code !== 'providerQueue') return null;
  const position = typeof err.data.queue_position === 'number' ? err.data.queue_position : 1;
  const seconds = typeof err.data.retry_after === 'number' ? err.data.retry_after : 15;
  return { position, seconds };
}

export function useStageAction<V, T, F extends FieldValues = FieldValues>(
  call: (vars: V) => Promise<Envelope<T>>,
  options: StageActionOptions<T, F> = {},
) {
  const msg = useMessage();
  const go = useScreenNavigate();
  const {
    onSuccess,
    onRefused,
    onError,
    followScreen = true,
    quietSuccess,
    setError,
    onFieldErrors,
    onQueued,
  } = options;
  const act = useCallback(
    async (vars: V): Promise<Envelope<T> | undefined> => {
      try {
        const reply = await call(vars);
        if (reply.status) {
          if (!quietSuccess && reply.message) toast.success(msg(reply));
          await onSuccess?.(reply.data, reply);
        } else {
          toast.error(msg(reply));
          onRefused?.(reply);
        }
        const screen =
          reply.data && typeof reply.data === 'object' && 'screen' in reply.data ? reply.data.screen : undefined;
        if (followScreen && typeof screen === 'string') go(screen);
        return reply;
      } catch (err) {
        const place = onQueued ? queuePlaceOf(err) : null;
        if (place) {
          onQueued!(place, () => void act(vars));
          return undefined;
        }
        const problems = fieldProblems(err);
        // the field's error carries the message's key as its type: the form shows msg(error)
        for (const p of problems) setError?.(p.field as FieldPath<F>, { type: p.code ?? 'server', message: p.message });
        if (problems.length) onFieldErrors?.(problems);
        const first = problems[0];
        const said: Said | 'somethingWrong' = first ?? (err instanceof ApiError ? err : 'somethingWrong');
        toast.error(msg(said));
        onError?.(err);
        if (err instanceof ApiError && typeof err.data.screen === 'string') go(err.data.screen);
        return undefined;
      }
    },
    [call, msg, go, onSuccess, onRefused, onError, followScreen, quietSuccess, setError, onFieldErrors, onQueued],
  );
  return act;
}
