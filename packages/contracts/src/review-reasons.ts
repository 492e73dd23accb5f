import type { Language } from './constants.ts';

/**
 * The configured reasons a reviewer sends an application back with: a code, the text in each of
 * the app's five languages, and the stage the applicant reworks. The reviewer may add free text.
 * A rejected stage's reason is stored as `[CODE] free text` so every reader can translate it.
 */
export interface ReviewReason {
  code: string;
  stage: number;
  /** reject: the evidence is wrong; info: something is missing or unreadable. */
  kind: 'reject' | 'info';
  text: Record<Language, string>;
}

export const REVIEW_REASONS: readonly ReviewReason[] = [
  {
    code: 'PAN_NAME_MISMATCH',
    stage: 130,
    kind: 'reject',
    text: {
      en: 'The name on your PAN does not match your other documents',
      hi: 'आपके पैन पर नाम आपके अन्य दस्तावेज़ों से मेल नहीं खाता',
      be: 'আপনার প্যানের নাম আপনার অন্যান্য নথির সাথে মেলে না',
      gu: 'તમારા પાન પરનું નામ તમારા અન્ય દસ્તાવેજો સાથે મેળ ખાતું નથી',
      mar: 'तुमच्या पॅनवरील नाव तुमच्या इतर कागदपत्रांशी जुळत नाही',
    },
  },
  {
    code: 'AADHAAR_UNREADABLE',
    stage: 140,
    kind: 'info',
    text: {
      en: 'Your Aadhaar details could not be read; please fetch them again from DigiLocker',
      hi: 'आपका आधार विवरण पढ़ा नहीं जा सका; कृपया डिजिलॉकर से फिर से प्राप्त करें',
      be: 'আপনার আধার তথ্য পড়া যায়নি; অনুগ্রহ করে ডিজিলকার থেকে আবার আনুন',
      gu: 'તમારી આધાર વિગતો વાંચી શકાઈ નથી; કૃપા કરીને ડિજિલોકરમાંથી ફરી મેળવો',
      mar: 'तुमचे आधार तपशील वाचता आले नाहीत; कृपया डिजिलॉकरमधून पुन्हा मिळवा',
    },
  },
  {
    code: 'BANK_NAME_MISMATCH',
    stage: 160,
    kind: 'reject',
    text: {
      en: 'The bank account holder name does not match the name on your PAN',
      hi: 'बैंक खाताधारक का नाम आपके पैन पर दिए नाम से मेल नहीं खाता',
      be: 'ব্যাঙ্ক অ্যাকাউন্টধারীর নাম আপনার প্যানের নামের সাথে মেলে না',
      gu: 'બેંક ખાતાધારકનું નામ તમારા પાન પરના નામ સાથે મેળ ખાતું નથી',
      mar: 'बँक खातेदाराचे नाव तुमच्या पॅनवरील नावाशी जुळत नाही',
    },
  },
  {
    code: 'BANK_PROOF_UNCLEAR',
    stage: 160,
    kind: 'info',
    text: {
      en: 'The bank proof is unclear; please upload a clear cancelled cheque or statement',
      hi: 'बैंक प्रमाण स्पष्ट नहीं है; कृपया साफ़ रद्द चेक या स्टेटमेंट अपलोड करें',
      be: 'ব্যাঙ্কের প্রমাণ অস্পষ্ট; অনুগ্রহ করে একটি পরিষ্কার বাতিল চেক বা স্টেটমেন্ট আপলোড করুন',
      gu: 'બેંક પુરાવો અસ્પષ્ટ છે; કૃપા કરીને સ્પષ્ટ રદ કરેલો ચેક અથવા સ્ટેટમેન્ટ અપલોડ કરો',
      mar: 'बँकेचा पुरावा अस्पष्ट आहे; कृपया स्पष्ट रद्द केलेला धनादेश किंवा स्टेटमेंट अपलोड करा',
    },
  },
  {
    code: 'SIGNATURE_MISMATCH',
    stage: 170,
    kind: 'reject',
    text: {
      en: 'Your signature does not match the signature on your PAN card',
      hi: 'आपके हस्ताक्षर आपके पैन कार्ड पर किए हस्ताक्षर से मेल नहीं खाते',
      be: 'আপনার স্বাক্ষর আপনার প্যান কার্ডের স্বাক্ষরের সাথে মেলে না',
      gu: 'તમારી સહી તમારા પાન કાર્ડ પરની સહી સાથે મેળ ખાતી નથી',
      mar: 'तुमची स्वाक्षरी तुमच्या पॅन कार्डवरील स्वाक्षरीशी जुळत नाही',
    },
  },
  {
    code: 'SIGNATURE_UNCLEAR',
    stage: 170,
    kind: 'info',
    text: {
      en: 'Your signature is unclear; please sign again on white paper',
      hi: 'आपके हस्ताक्षर स्पष्ट नहीं हैं; कृपया सफ़ेद कागज़ पर फिर से हस्ताक्षर करें',
      be: 'আপনার স্বাক্ষর অস্পষ্ট; অনুগ্রহ করে সাদা কাগজে আবার স্বাক্ষর করুন',
      gu: 'તમારી સહી અસ્પષ્ટ છે; કૃપા કરીને સફેદ કાગળ પર ફરી સહી કરો',
      mar: 'तुमची स्वाक्षरी अस्पष्ट आहे; कृपया पांढऱ्या कागदावर पुन्हा स्वाक्षरी करा',
    },
  },
  {
    code: 'NOMINEE_DETAILS',
    stage: 180,
    kind: 'info',
    text: {
      en: 'Some nominee details are missing or incorrect',
      hi: 'नामांकित व्यक्ति के कुछ विवरण अधूरे या गलत हैं',
      be: 'মনোনীত ব্যক্তির কিছু তথ্য অনুপস্থিত বা ভুল',
      gu: 'નોમિનીની કેટલીક વિગતો ખૂટે છે અથવા ખોટી છે',
      mar: 'नामनिर्देशित व्यक्तीचे काही तपशील अपूर्ण किंवा चुकीचे आहेत',
    },
  },
  {
    code: 'INCOME_PROOF_NEEDED',
    stage: 190,
    kind: 'info',
    text: {
      en: 'An income proof is needed for the derivatives segments',
      hi: 'डेरिवेटिव सेगमेंट के लिए आय प्रमाण आवश्यक है',
      be: 'ডেরিভেটিভ সেগমেন্টের জন্য আয়ের প্রমাণ প্রয়োজন',
      gu: 'ડેરિવેટિવ સેગમેન્ટ માટે આવકનો પુરાવો જરૂરી છે',
      mar: 'डेरिव्हेटिव्ह सेगमेंटसाठी उत्पन्नाचा पुरावा आवश्यक आहे',
    },
  },
  {
    code: 'SELFIE_MISMATCH',
    stage: 200,
    kind: 'reject',
    text: {
      en: 'Your selfie does not match the photo on your Aadhaar',
      hi: 'आपकी सेल्फ़ी आपके आधार की फ़ोटो से मेल नहीं खाती',
      be: 'আপনার সেলফি আপনার আধারের ছবির সাথে মেলে না',
      gu: 'તમારી સેલ્ફી તમારા આધારના ફોટો સાથે મેળ ખાતી નથી',
      mar: 'तुमचा सेल्फी तुमच्या आधारवरील फोटोशी जुळत नाही',
    },
  },
  {
    code: 'SELFIE_UNCLEAR',
    stage: 200,
    kind: 'info',
    text: {
      en: 'Your selfie is blurred or dark; please take it again in good light',
      hi: 'आपकी सेल्फ़ी धुंधली या अंधेरी है; कृपया अच्छी रोशनी में फिर से लें',
      be: 'আপনার সেলফি ঝাপসা বা অন্ধকার; অনুগ্রহ করে ভালো আলোতে আবার তুলুন',
      gu: 'તમારી સેલ્ફી ઝાંખી અથવા અંધારી છે; કૃપા કરીને સારા પ્રકાશમાં ફરી લો',
      mar: 'तुमचा सेल्फी अस्पष्ट किंवा गडद आहे; कृपया चांगल्या प्रकाशात पुन्हा घ्या',
    },
  },
];

const BY_CODE = new Map(REVIEW_REASONS.map((r) => [r.code, r]));

/** The reasons as first shipped (version 1 of the reasons table, 2830_backoffice_flow.sql). */
export const reviewReason = (code: string): ReviewReason | undefined => BY_CODE.get(code);

/**
 * The stored form of a rejected stage's reason: `[CODE@version] free text` (the version of the
 * reasons table it was sent with, so the text the applicant was sent stays readable after an edit).
 */
export function encodeReason(code: string | undefined, note: string | undefined, version?: number): string {
  const text = (note ?? '').trim();
  return code ? `[${code}${version ? `@${version}` : ''}]${text ? ` ${text}` : ''}` : text;
}

/** A stored reason split into its code, the version it was sent with (1 when unnamed) and the free text. */
export function decodeReason(stored: string | null | undefined): {
  code: string | null;
  version: number;
  note: string;
} {
  const m = /^\[([A-Z][A-Z0-9_]{1,39})(?:@(\d+))?\](?: (.*))?$/s.exec(stored ?? '');
  if (m) return { code: m[1]!, version: m[2] ? Number(m[2]) : 1, note: m[3] ?? '' };
  return { code: null, version: 1, note: stored ?? '' };
}

/**
 * The reason as one sentence in a language: the configured text, then the free text. `texts` is the
 * stored version's text when the caller has it (the reasons table); otherwise the shipped list's.
 */
export function describeReason(
  stored: string | null | undefined,
  language: Language = 'en',
  texts?: Partial<Record<Language, string>> | null,
): string {
  const { code, note } = decodeReason(stored);
  const text = code ? (texts?.[language] ?? BY_CODE.get(code)?.text[language] ?? '') : '';
  return [text, note].filter(Boolean).join('. ');
}
