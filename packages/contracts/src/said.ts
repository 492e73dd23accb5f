/**
 * Validation messages that name their key. A rule's issue keeps MSG's English text as its message
 * (what the API answers in a 400) and carries the message's key in `params.code`, Zod's own place
 * for an issue's extra data. A page then translates the message by that key (the i18n `messages`
 * namespace is keyed like MSG) and the API names it as the field's `code`: nothing maps English
 * text back to a key. A lint rule (eslint.config.js) refuses `MSG.` in a contracts schema outside
 * these helpers, and test/said.test.ts proves each kind of issue carries its key.
 */
import { MSG, type MessageKey, isMessageKey } from './messages.ts';

/** For ctx.addIssue: a custom issue saying MSG[code] (at path, when given). */
export const said = (code: MessageKey, path?: PropertyKey[]) => ({
  code: 'custom' as const,
  message: MSG[code],
  params: { code },
  ...(path && { path }),
});

/**
 * The error param of any Zod schema or check (z.string(saying(k)), .min(2, saying(k)),
 * z.enum(values, saying(k)), z.refine(fn, saying(k))): its message MSG[code], and its key stamped
 * into the issue's params. Zod keeps params on a custom issue only, so the error map, which Zod
 * calls with the issue it is finishing, puts the key there for the built-in issues (invalid_type,
 * too_small, invalid_format…); their code, bounds and JSON Schema stay Zod's own.
 */
export const saying = (code: MessageKey) => ({
  error: (issue: object) => {
    const given = (issue as { params?: object }).params;
    Object.assign(issue, { params: { ...given, code } });
    return MSG[code];
  },
});

/** The MSG key a rule gave an issue (said/saying), from the issue or its params. */
export function keyOfIssue(issue: object | undefined): MessageKey | undefined {
  const params = (issue as { params?: unknown } | undefined)?.params;
  const code = typeof params === 'object' && params !== null && 'code' in params ? params.code : undefined;
  return typeof code === 'string' && isMessageKey(code) ? code : undefined;
}
