/**
 * Staff password strength: zxcvbn-ts with its common-password, English and name dictionaries and
 * keyboard patterns, scored 0 to 4; a password below STAFF_PASSWORD_MIN_SCORE is refused with
 * the reason. The dictionaries load on the first check, not at start.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let checker: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  return checker;
}

const WEAK_PASSWORD = 'This password is too easy to guess';
const WEAK_PASSWORD_HINT = 'Use a longer passphrase of several unrelated words.';

/** Why a password is refused (a sentence for the person choosing it), or null when it is strong enough. */
export async function weakPasswordReason(
  password: string,
  minScore: number,
  personal: string[] = [],
): Promise<string | null> {
  const inputs = personal.flatMap((p) => p.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((p) => p.length >= 3);
  const result = (await load()).check(password, inputs);
  if (result.score >= minScore) return null;
  const warning = result.feedback.warning?.replace(/\.$/, '');
  return `${WEAK_PASSWORD}${warning ? ` (${warning.charAt(0).toLowerCase()}${warning.slice(1)})` : ''}. ${WEAK_PASSWORD_HINT}`;
}
