/**
 * Validation messages that name their key. A rule's issue keeps MSG's English text as its message
 * (what the API answers in a 400) and carries the message's key in `params.code`, Zod's own place
 * for a custom issue's extra data. A page then translates the message by that key (the i18n
 * `messages` namespace is keyed like MSG), with no need to map English text back to a key.
 * Only custom issues keep params: a rule whose message should translate raises a custom issue.
 */
import { MSG, type MessageKey } from './messages.ts';

/** For ctx.addIssue: a custom issue saying MSG[code] (at path, when given). */
export const said = (code: MessageKey, path?: PropertyKey[]) => ({
  code: 'custom' as const,
  message: MSG[code],
  params: { code },
  ...(path && { path }),
});

/** For z.refine: the refinement's message MSG[code], its key in params.code. */
export const saying = (code: MessageKey) => ({ error: MSG[code], params: { code } });
