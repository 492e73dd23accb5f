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

const BE: RiskDisclosureText = {
  title: 'ডেরিভেটিভস সম্পর্কিত ঝুঁকির প্রকাশ',
  points: [
    'ইক্যুইটি ফিউচারস অ্যান্ড অপশনস সেগমেন্টে প্রতি 10 জন ব্যক্তিগত ট্রেডারের মধ্যে 9 জন নিট লোকসান করেছেন।',
    'গড়ে, লোকসানকারীদের নিট ট্রেডিং লোকসান প্রায় ₹ 50,000 হয়েছে।',
    'নিট ট্রেডিং লোকসানের উপরে, লোকসানকারীরা লেনদেন খরচ হিসেবে নিট ট্রেডিং লোকসানের অতিরিক্ত 28% ব্যয় করেছেন।',
    'যাঁরা নিট ট্রেডিং মুনাফা করেছেন, তাঁরা সেই মুনাফার 15% থেকে 50% লেনদেন খরচ হিসেবে ব্যয় করেছেন।',
  ],
  source:
    'সূত্র: "ইক্যুইটি ফিউচারস অ্যান্ড অপশনস (F&O) সেগমেন্টে লেনদেনকারী ব্যক্তিগত ট্রেডারদের লাভ ও ক্ষতির বিশ্লেষণ" বিষয়ে সেবির 25 জানুয়ারি, 2023 তারিখের সমীক্ষা, যেখানে সামগ্রিক স্তরের ফলাফল 2021-22 অর্থবর্ষে ইক্যুইটি F&O-তে ব্যক্তিগত ট্রেডারদের বার্ষিক লাভ/ক্ষতির উপর ভিত্তি করে।',
  acknowledge: 'আমি ঝুঁকির প্রকাশগুলি পড়েছি এবং বুঝেছি',
};

const GU: RiskDisclosureText = {
  title: 'ડેરિવેટિવ્ઝ અંગે જોખમની જાહેરાત',
  points: [
    'ઇક્વિટી ફ્યુચર્સ એન્ડ ઓપ્શન્સ સેગમેન્ટમાં 10 માંથી 9 વ્યક્તિગત ટ્રેડર્સને ચોખ્ખું નુકસાન થયું.',
    'સરેરાશ, નુકસાન કરનારાઓને આશરે ₹ 50,000 નું ચોખ્ખું ટ્રેડિંગ નુકસાન થયું.',
    'થયેલા ચોખ્ખા ટ્રેડિંગ નુકસાન ઉપરાંત, નુકસાન કરનારાઓએ ચોખ્ખા ટ્રેડિંગ નુકસાનના વધારાના 28% વ્યવહાર ખર્ચ તરીકે ખર્ચ્યા.',
    'ચોખ્ખો ટ્રેડિંગ નફો કરનારાઓએ આવા નફાના 15% થી 50% વ્યવહાર ખર્ચ તરીકે ખર્ચ્યા.',
  ],
  source:
    'સ્રોત: "ઇક્વિટી ફ્યુચર્સ એન્ડ ઓપ્શન્સ (F&O) સેગમેન્ટમાં વ્યવહાર કરતા વ્યક્તિગત ટ્રેડર્સના નફા અને નુકસાનનું વિશ્લેષણ" પર સેબીનો 25 જાન્યુઆરી, 2023 નો અભ્યાસ, જેમાં એકંદર સ્તરના તારણો નાણાકીય વર્ષ 2021-22 દરમિયાન ઇક્વિટી F&O માં વ્યક્તિગત ટ્રેડર્સના વાર્ષિક નફા/નુકસાન પર આધારિત છે.',
  acknowledge: 'મેં જોખમની જાહેરાતો વાંચી અને સમજી લીધી છે',
};

const MAR: RiskDisclosureText = {
  title: 'डेरिव्हेटिव्हज संदर्भातील जोखीम प्रकटीकरण',
  points: [
    'इक्विटी फ्युचर्स अँड ऑप्शन्स सेगमेंटमधील 10 पैकी 9 वैयक्तिक ट्रेडर्सना निव्वळ तोटा झाला.',
    'सरासरी, तोटा झालेल्यांचा निव्वळ ट्रेडिंग तोटा सुमारे ₹ 50,000 इतका होता.',
    'झालेल्या निव्वळ ट्रेडिंग तोट्याव्यतिरिक्त, तोटा झालेल्यांनी निव्वळ ट्रेडिंग तोट्याच्या आणखी 28% रक्कम व्यवहार खर्च म्हणून खर्च केली.',
    'निव्वळ ट्रेडिंग नफा मिळवणाऱ्यांनी अशा नफ्याच्या 15% ते 50% रक्कम व्यवहार खर्च म्हणून खर्च केली.',
  ],
  source:
    'स्रोत: "इक्विटी फ्युचर्स अँड ऑप्शन्स (F&O) सेगमेंटमध्ये व्यवहार करणाऱ्या वैयक्तिक ट्रेडर्सच्या नफा आणि तोट्याचे विश्लेषण" या विषयावरील सेबीचा 25 जानेवारी, 2023 रोजीचा अभ्यास, ज्यातील एकूण स्तरावरील निष्कर्ष आर्थिक वर्ष 2021-22 मधील इक्विटी F&O मधील वैयक्तिक ट्रेडर्सच्या वार्षिक नफा/तोट्यावर आधारित आहेत.',
  acknowledge: 'मी जोखीम प्रकटीकरणे वाचली आणि समजून घेतली आहेत',
};

/** Texts by version and language; a language without its own text shows (and records) English. */
export const RISK_DISCLOSURES: Record<
  string,
  Partial<Record<Language, RiskDisclosureText>> & { en: RiskDisclosureText }
> = {
  'fo-2023-07': { en: EN, hi: HI, be: BE, gu: GU, mar: MAR },
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
