/**
 * The applicant's language from a request's Accept-Language: the web app sends the language the
 * person chose (BCP 47: en, hi, bn, gu, mr); a browser's own header works the same on a first
 * visit. The project's codes are en, hi, be, gu and mar.
 */
import { type Language, languageOfTag } from '@ekyc/contracts/constants';

/** The first supported language of the header, in the order of its quality values; null if none. */
export function requestLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}
