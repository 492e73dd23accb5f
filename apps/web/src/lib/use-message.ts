/**
 * Messages are translated by their key, never by their English text. The key is:
 * - a reply's `code` (the key of its message in the contracts' MSG or ACK), and a 400 reply's field
 *   errors' `code`; ApiError keeps the code of the reply that raised it;
 * - a form's validation issue: the contracts' rules put the MSG key in the issue's `params.code`
 *   (see saidIn below and @ekyc/contracts/said), and lib/form-resolver makes it the error's type;
 * - a page's own message: the MSG key itself (msg('bankVerified'), msg(uploadError(kind, file))).
 * Anything with no key (a reply without a `code`, a reviewer's note given as { message }) is shown
 * as it came: its English is never looked up. A bare string must be a key (the type says so).
 * The i18n namespace `messages` is keyed like MSG; English has no catalogue, so English shows the
 * server's own text (or MSG's). A failure of the server's (a 503 while the database is away) ends
 * with its request's id ("Reference: …"), which support looks up in the log.
 */
import { MSG, type MessageKey } from '@ekyc/contracts/messages';
import { keyOfIssue } from '@ekyc/contracts/said';
import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** Something to say: a reply, an ApiError or a field error (its key as code, or a form error's type). */
export interface Said {
  code?: string;
  /** react-hook-form's FieldError carries the key as its type (see lib/form-resolver). */
  type?: string | number;
  message?: string;
  /** The failed request's id (an ApiError of a 5xx), shown after the message. */
  requestId?: string;
}
/** A key of MSG (msg('bankVerified')), or something said: a text with no key is `{ message }`. */
export type Saying = Said | MessageKey | null | undefined;

/** A validation issue's message with the MSG key the contracts' rules gave it in params.code. */
export function saidIn(issue: { message: string; params?: unknown }): Said & { message: string } {
  return { code: keyOfIssue(issue), message: issue.message };
}

const isKey = (text: string): text is MessageKey => Object.hasOwn(MSG, text);

/** The key and the text of what is said (no key: the text is shown as it is, never looked up). */
export function keyOf(said: Saying): { key?: string; text: string } {
  if (!said) return { text: '' };
  // a string is a key by its type; one that is not (from untyped data) is shown, never looked up
  if (typeof said === 'string') return isKey(said) ? { key: said, text: MSG[said] } : { text: said };
  const type = typeof said.type === 'string' && isKey(said.type) ? said.type : undefined;
  return { key: said.code ?? type, text: said.message ?? '' };
}

export function useMessage() {
  const { t } = useTranslation('messages');
  return useCallback(
    (said: Saying) => {
      const { key, text } = keyOf(said);
      const shown = key ? t(key, { defaultValue: text }) : text;
      const requestId = typeof said === 'object' && said !== null ? said.requestId : undefined;
      if (!requestId) return shown;
      return `${shown} ${t('reference', { ns: 'common', id: requestId, defaultValue: 'Reference: {{id}}' })}`;
    },
    [t],
  );
}
