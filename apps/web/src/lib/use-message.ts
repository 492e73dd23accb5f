/**
 * Messages are translated by their key, never by their English text. The key is:
 * - a reply's `code` (the key of its message in the contracts' MSG), and a 400 reply's field
 *   errors' `code`; ApiError keeps the code of the reply that raised it;
 * - a form's validation issue: the contracts' rules put the MSG key in the issue's `params.code`
 *   (see saidIn below and @ekyc/contracts/said);
 * - a page's own message: the MSG key itself (msg('bankVerified')).
 * A reply (anything with a `code`, or without one) is never looked up by its English: with no code
 * its text is shown as it came. The one exception is local: a message the page's own rules produced
 * without a key (Zod's type and choice errors, keyed in lib/form-resolver; the upload and share
 * helpers of @ekyc/contracts/rules, which give a bare string) is keyed from MSG's own text, which
 * comes from the same catalogue in the same bundle and so cannot drift from it.
 * The i18n namespace `messages` is keyed like MSG; English has no catalogue, so English shows the
 * server's own text (or MSG's). With no key, the text is shown as it came. A failure of the server's
 * (a 503 while the database is away) ends with its request's id ("Reference: …"), which support
 * looks up in the log.
 */
import { MSG, type MessageKey, messageKeyOfText } from '@ekyc/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Something to say: a reply, an ApiError or a field error (its key as code, or a form error's type). */
export interface Said {
  code?: string;
  /** react-hook-form's FieldError carries the key as its type (see lib/form-resolver). */
  type?: string | number;
  message?: string;
  /** The failed request's id (an ApiError of a 5xx), shown after the message. */
  requestId?: string;
}
/** A string is a MSG key (msg('bankVerified')) or else a text shown as it is (a reviewer's note). */
export type Saying = Said | MessageKey | string | null | undefined;

/** A validation issue's message with the MSG key the contracts' rules gave it in params.code. */
export function saidIn(issue: { message: string; params?: unknown }): Said & { message: string } {
  const params = issue.params;
  const code =
    typeof params === 'object' && params !== null && 'code' in params && typeof params.code === 'string'
      ? params.code
      : undefined;
  return { code, message: issue.message };
}

const isKey = (text: string): text is MessageKey => Object.hasOwn(MSG, text);

/** The key and the fallback text of what is said (undefined key: show the text as it is). */
export function keyOf(said: Saying): { key?: string; text: string } {
  if (!said) return { text: '' };
  if (typeof said === 'string')
    return isKey(said) ? { key: said, text: MSG[said] } : { key: messageKeyOfText(said), text: said };
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
