/**
 * The derivatives risk disclosure SEBI prescribes (SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/73, in force
 * 1 Jul 2023): shown when a derivatives segment is chosen, covering at least half of the screen, in
 * the applicant's language, and acknowledged before the segment is saved. Which version applies is a
 * rule of the application's rule set (regulation.ts, riskDisclosure).
 */
import type { Language } from './constants.ts';

export interface RiskDisclosureText {
  title: string;
  points: readonly string[];
  source: string;
  acknowledge: string;
}

const EN: RiskDisclosureText = {
  title: 'Risk disclosures on derivatives',
  points: [
    '9 out of 10 individual traders in equity Futures and Options Segment, incurred net losses.',
    'On an average, loss makers registered net trading loss close to ₹ 50,000.',
    'Over and above the net trading losses incurred, loss makers expended an additional 28% of net trading losses as transaction costs.',
    'Those making net trading profits, incurred between 15% to 50% of such profits as transaction cost.',
  ],
  source:
    'Source: SEBI study dated January 25, 2023 on "Analysis of Profit and Loss of Individual Traders dealing in equity Futures and Options (F&O) Segment", wherein Aggregate Level findings are based on annual Profit/Loss incurred by individual traders in equity F&O during FY 2021-22.',
  acknowledge: 'I have read and understood the risk disclosures',
};

const HI: RiskDisclosureText = {
  title: 'डेरिवेटिव्स पर जोखिम प्रकटीकरण',
  points: [
    'इक्विटी फ्यूचर्स एंड ऑप्शंस सेगमेंट में 10 में से 9 व्यक्तिगत ट्रेडर्स को शुद्ध नुकसान हुआ।',
    'औसतन, नुकसान उठाने वालों को लगभग ₹ 50,000 का शुद्ध ट्रेडिंग नुकसान हुआ।',
    'हुए शुद्ध ट्रेडिंग नुकसान के अलावा, नुकसान उठाने वालों ने शुद्ध ट्रेडिंग नुकसान का अतिरिक्त 28% लेनदेन लागत के रूप में खर्च किया।',
    'शुद्ध ट्रेडिंग लाभ कमाने वालों ने ऐसे लाभ का 15% से 50% तक लेनदेन लागत के रूप में खर्च किया।',
  ],
  source:
    'स्रोत: "इक्विटी फ्यूचर्स एंड ऑप्शंस (F&O) सेगमेंट में व्यवहार करने वाले व्यक्तिगत ट्रेडर्स के लाभ और हानि का विश्लेषण" पर सेबी का 25 जनवरी, 2023 का अध्ययन, जिसमें समग्र स्तर के निष्कर्ष वित्त वर्ष 2021-22 के दौरान इक्विटी F&O में व्यक्तिगत ट्रेडर्स के वार्षिक लाभ/हानि पर आधारित हैं।',
  acknowledge: 'मैंने जोखिम प्रकटीकरण पढ़ और समझ लिए हैं',
};

/** Texts by version and language; a language without its own text shows (and records) English. */
export const RISK_DISCLOSURES: Record<
  string,
  Partial<Record<Language, RiskDisclosureText>> & { en: RiskDisclosureText }
> = {
  'fo-2023-07': { en: EN, hi: HI },
};

/** The text shown for a version in a language, and the language it is actually in. */
export function riskDisclosureFor(version: string, language: string): { text: RiskDisclosureText; language: Language } {
  const texts = RISK_DISCLOSURES[version];
  if (!texts) throw new Error(`unknown risk disclosure version ${version}`);
  const own = texts[language as Language];
  return own ? { text: own, language: language as Language } : { text: texts.en, language: 'en' };
}

/** The acknowledgement a client sends with a derivatives segment. */
export interface RiskDisclosureAck {
  version: string;
  language: string;
  /** When the applicant acknowledged it (client clock, ISO); the server records its own time too. */
  acknowledged_at: string;
}
