/**
 * GSM 03.38 (3GPP TS 23.038) for DLT variables filled into a template registered in English: one
 * character outside the GSM 7-bit alphabet turns the whole SMS into UCS-2 (70 characters a part
 * instead of 160) and no longer matches the template registered as plain text. The alphabet is a
 * fixed table of the standard, kept here rather than in a dependency (the npm candidates ship no
 * types); the transliteration of everything else is any-ascii's.
 */
import anyAscii from 'any-ascii';

/** The default alphabet: one septet each (TS 23.038 §6.2.1). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: an escape plus the character, two septets each (§6.2.1.1). */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/** Septets a character takes, or undefined when GSM-7 cannot carry it. */
export function gsmSeptets(char: string): 1 | 2 | undefined {
  if (GSM_BASIC.has(char)) return 1;
  if (GSM_EXTENSION.has(char)) return 2;
  return undefined;
}

/** The length of a text in septets; Infinity when GSM-7 cannot carry it. */
export function gsmLength(text: string): number {
  let n = 0;
  for (const c of text) n += gsmSeptets(c) ?? Number.POSITIVE_INFINITY;
  return n;
}

/** Typographic marks any-ascii would spell out otherwise ('₹' is "Rs" there already). */
const REPLACEMENTS: Record<string, string> = { '`': "'", '…': '...' };

/**
 * The text in GSM-7: characters of the alphabet kept (é, ñ, Ä…), the others transliterated
 * ("राहुल" → "rahul", "“Ravi’s”" → "\"Ravi's\"", "₹" → "Rs"), and what has no GSM spelling
 * (emoji, control characters) dropped. Whitespace runs become one space.
 */
export function toGsm(text: string): string {
  let out = '';
  for (const c of text) {
    if (gsmSeptets(c) !== undefined && c !== '\f') {
      out += c;
      continue;
    }
    if (/\s/u.test(c)) {
      out += ' ';
      continue;
    }
    // emoji and other pictographs: any-ascii spells them as ":name:", noise in an SMS
    if (/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Emoji_Component}/u.test(c) && !/[#*0-9]/.test(c)) continue;
    for (const t of REPLACEMENTS[c] ?? anyAscii(c)) if (gsmSeptets(t) !== undefined && t !== '\f') out += t;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * At most `max` septets, cut between characters (an extension character is never split from its
 * escape, a surrogate pair never split), on a word boundary where one is near, "..." marking the cut.
 */
export function truncateGsm(text: string, max: number): string {
  if (gsmLength(text) <= max) return text;
  const budget = max - 3;
  let cut = '';
  let used = 0;
  for (const c of text) {
    const n = gsmSeptets(c) ?? Number.POSITIVE_INFINITY;
    if (used + n > budget) break;
    cut += c;
    used += n;
  }
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** A DLT variable for a GSM (English) template: transliterated, then at most `max` septets. */
export function gsmDltValue(value: string, max: number): string {
  return truncateGsm(toGsm(value), max);
}
