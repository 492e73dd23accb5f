/**
 * Compares the holder name a bank or UPI app returns with the name on PAN, and says why, so the
 * applicant (and a reviewer) sees the same explainable result: exact, close, or mismatch.
 * A joint account passes when one holder's name matches (section 5).
 */
import type { NameMatch, NameMatchReason } from '@ekyc/contracts/calls/bank-verification';

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SRI', 'SMT', 'KUMARI', 'KM', 'MASTER', 'PROF']);

/** Upper-cased words without titles or punctuation; 'R.K.' becomes 'R K'. */
export function nameTokens(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length > 0 && !TITLES.has(t));
}

/** Joint accounts list holders separated by commas, ampersands, slashes or 'AND'. */
export function holderNames(name: string): string[] {
  return name
    .split(/\s*(?:,|&|\/|;|\bAND\b|\band\b)\s*/)
    .map((n) => n.trim())
    .filter((n) => nameTokens(n).length > 0);
}

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

const similarity = (a: string, b: string) => 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
const sameMultiset = (a: string[], b: string[]) => [...a].sort().join(' ') === [...b].sort().join(' ');

/** Does each short-side word match, in order, a long-side word (an initial matching its first letter)? */
function alignsWithInitials(short: string[], long: string[]): { aligned: boolean; initials: boolean } {
  let j = 0;
  let initials = false;
  for (const word of short) {
    while (j < long.length) {
      const candidate = long[j++]!;
      if (candidate === word) break;
      if (word.length === 1 && candidate.startsWith(word)) {
        initials = true;
        break;
      }
      if (candidate.length === 1 && word.startsWith(candidate)) {
        initials = true;
        break;
      }
      if (short.length === long.length) return { aligned: false, initials };
    }
    if (j > long.length) return { aligned: false, initials };
    if (
      j === long.length &&
      word !== long[j - 1] &&
      !(word[0] === long[j - 1]![0] && (word.length === 1 || long[j - 1]!.length === 1))
    )
      return { aligned: false, initials };
  }
  return { aligned: true, initials };
}

/** Pairs each word with its closest word on the other side; the mean similarity, 0 to 1. */
function fuzzyScore(a: string[], b: string[]): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const used = new Set<number>();
  let total = 0;
  for (const word of short) {
    let best = 0;
    let bestIndex = -1;
    long.forEach((other, i) => {
      if (used.has(i)) return;
      const s = similarity(word, other);
      if (s > best) [best, bestIndex] = [s, i];
    });
    if (bestIndex >= 0) used.add(bestIndex);
    total += best;
  }
  // Words only one side has lower the score a little.
  return (total / short.length) * (0.9 + 0.1 * (short.length / long.length));
}

function compareOne(
  bankName: string,
  panName: string,
): { result: NameMatch['result']; score: number; reason: NameMatchReason } {
  const bank = nameTokens(bankName);
  const pan = nameTokens(panName);
  if (bank.length === 0 || pan.length === 0) return { result: 'mismatch', score: 0, reason: 'not_available' };
  if (bank.join(' ') === pan.join(' ')) return { result: 'exact', score: 100, reason: 'identical' };
  // 'RAVIKUMAR SHARMA' and 'RAVI KUMAR SHARMA' differ only in spacing.
  if (bank.join('') === pan.join('')) return { result: 'exact', score: 99, reason: 'identical' };
  if (sameMultiset(bank, pan)) return { result: 'close', score: 95, reason: 'order_swapped' };

  const [short, long] = bank.length <= pan.length ? [bank, pan] : [pan, bank];
  const { aligned, initials } = alignsWithInitials(short, long);
  const firstAndLastAgree = short[0]![0] === long[0]![0] && short.at(-1)![0] === long.at(-1)![0] && short.length >= 2;
  if (aligned && firstAndLastAgree) {
    if (initials) return { result: 'close', score: 90, reason: 'initials' };
    return { result: 'close', score: 88, reason: 'middle_name' };
  }
  // Initials with the surname first: 'SHARMA R K' against 'RAVI KUMAR SHARMA'.
  const rotated = [...short.slice(1), short[0]!];
  if (short.length >= 2 && alignsWithInitials(rotated, long).aligned && rotated.at(-1)![0] === long.at(-1)![0])
    return { result: 'close', score: 85, reason: 'initials' };

  // A name part missing on one side ('RAVI KUMAR' against 'RAVI KUMAR SHARMA').
  if (short.length >= 2 && short.length < long.length && short.every((w) => long.includes(w)))
    return { result: 'close', score: 80, reason: 'partial' };
  const score = Math.round(fuzzyScore(bank, pan) * 100);
  if (score >= 85 && short.length === long.length) return { result: 'close', score, reason: 'spelling' };
  return { result: 'mismatch', score: Math.min(score, 84), reason: 'different' };
}

const RANK = { exact: 2, close: 1, mismatch: 0 } as const;

/** The best result over the account's holders; a joint account says which holder matched. */
export function matchHolderName(bankNameOnAccount: string | null | undefined, panName: string): NameMatch {
  const onAccount = (bankNameOnAccount ?? '').trim();
  if (!onAccount) return { result: 'mismatch', score: 0, reason: 'not_available', bank_name_on_account: '' };
  const holders = holderNames(onAccount);
  let best = compareOne(holders[0] ?? onAccount, panName);
  for (const holder of holders.slice(1)) {
    const r = compareOne(holder, panName);
    if (RANK[r.result] > RANK[best.result] || (RANK[r.result] === RANK[best.result] && r.score > best.score)) best = r;
  }
  const joint = holders.length > 1 && best.result !== 'mismatch';
  return {
    result: best.result,
    score: best.score,
    reason: joint && best.reason === 'identical' ? 'joint_holder' : best.reason,
    bank_name_on_account: onAccount,
  };
}

/** Verification passes on exact or close; a mismatch goes to a document and a reviewer. */
export const namePasses = (m: NameMatch) => m.result !== 'mismatch';
