/**
 * The client is told of each move of a request by SMS and e-mail, in the language they use (kept on
 * the record by each call). The SMS fills the DLT template `service_request` (request, kind, status).
 */
import type { Language } from '@ekyc/contracts/constants';
import type {
  ServiceRejectionReason,
  ServiceRequestKind,
  ServiceRequestStatus,
} from '@ekyc/contracts/service-requests';
import type { ServicingDeps } from './deps.ts';

interface Texts {
  kind: Record<ServiceRequestKind, string>;
  status: Record<ServiceRequestStatus, string>;
  reason: Record<ServiceRejectionReason, string>;
  line: (number: string, kind: string, status: string) => string;
  subject: (number: string) => string;
  frozen: (orders: number) => string;
}

export const SERVICE_TEXTS: Record<Language, Texts> = {
  en: {
    kind: {
      freeze: 'Freeze of online access',
      unfreeze: 'Unfreeze of online access',
      nomination: 'Nomination',
      bank: 'Bank accounts',
      closure: 'Account closure',
      ddpi: 'DDPI',
      segments: 'Segments',
      rekyc: 'Re-KYC (KYC update)',
      address: 'Change of address',
      contact: 'Change of mobile or e-mail',
    },
    status: {
      draft: 'started',
      signed: 'signed',
      in_review: 'under review',
      sent_to_registries: 'sent to the depository and exchanges',
      done: 'done',
      rejected: 'rejected',
    },
    reason: {
      SIGNATURE_MISMATCH: 'the signature does not match',
      NOMINEE_DETAILS_INCOMPLETE: 'the nominee details are incomplete',
      DOCUMENT_ILLEGIBLE: 'a document cannot be read',
      REGISTRY_REFUSED: 'the depository or an exchange refused it',
      OTHER: 'please contact customer support',
    },
    line: (n, k, s) => `Your request ${n} (${k}) is now: ${s}.`,
    subject: (n) => `Your request ${n}`,
    frozen: (o) =>
      `Online access to your trading account is frozen. ${o} pending order(s) were cancelled. If you did not ask for this, call us at once.`,
  },
  hi: {
    kind: {
      freeze: 'ऑनलाइन एक्सेस पर रोक',
      unfreeze: 'ऑनलाइन एक्सेस फिर से चालू',
      nomination: 'नामांकन',
      bank: 'बैंक खाते',
      closure: 'खाता बंद करना',
      ddpi: 'DDPI',
      segments: 'सेगमेंट',
      rekyc: 'री-KYC (KYC अपडेट)',
      address: 'पते में बदलाव',
      contact: 'मोबाइल या ई-मेल में बदलाव',
    },
    status: {
      draft: 'शुरू हुआ',
      signed: 'हस्ताक्षरित',
      in_review: 'समीक्षा में',
      sent_to_registries: 'डिपॉज़िटरी और एक्सचेंजों को भेजा गया',
      done: 'पूरा हुआ',
      rejected: 'अस्वीकृत',
    },
    reason: {
      SIGNATURE_MISMATCH: 'हस्ताक्षर मेल नहीं खाते',
      NOMINEE_DETAILS_INCOMPLETE: 'नॉमिनी का विवरण अधूरा है',
      DOCUMENT_ILLEGIBLE: 'कोई दस्तावेज़ पढ़ा नहीं जा सकता',
      REGISTRY_REFUSED: 'डिपॉज़िटरी या एक्सचेंज ने अस्वीकार किया',
      OTHER: 'कृपया ग्राहक सहायता से संपर्क करें',
    },
    line: (n, k, s) => `आपका अनुरोध ${n} (${k}) अब: ${s}.`,
    subject: (n) => `आपका अनुरोध ${n}`,
    frozen: (o) =>
      `आपके ट्रेडिंग खाते का ऑनलाइन एक्सेस रोक दिया गया है। ${o} लंबित ऑर्डर रद्द किए गए। यदि आपने यह नहीं माँगा, तो तुरंत हमें कॉल करें।`,
  },
  be: {
    kind: {
      freeze: 'অনলাইন অ্যাক্সেস বন্ধ',
      unfreeze: 'অনলাইন অ্যাক্সেস আবার চালু',
      nomination: 'নমিনেশন',
      bank: 'ব্যাংক অ্যাকাউন্ট',
      closure: 'অ্যাকাউন্ট বন্ধ করা',
      ddpi: 'DDPI',
      segments: 'সেগমেন্ট',
      rekyc: 'রি-KYC (KYC আপডেট)',
      address: 'ঠিকানা পরিবর্তন',
      contact: 'মোবাইল বা ই-মেল পরিবর্তন',
    },
    status: {
      draft: 'শুরু হয়েছে',
      signed: 'স্বাক্ষরিত',
      in_review: 'পর্যালোচনায়',
      sent_to_registries: 'ডিপোজিটরি ও এক্সচেঞ্জে পাঠানো হয়েছে',
      done: 'সম্পন্ন',
      rejected: 'প্রত্যাখ্যাত',
    },
    reason: {
      SIGNATURE_MISMATCH: 'স্বাক্ষর মেলে না',
      NOMINEE_DETAILS_INCOMPLETE: 'নমিনির বিবরণ অসম্পূর্ণ',
      DOCUMENT_ILLEGIBLE: 'একটি নথি পড়া যাচ্ছে না',
      REGISTRY_REFUSED: 'ডিপোজিটরি বা এক্সচেঞ্জ প্রত্যাখ্যান করেছে',
      OTHER: 'অনুগ্রহ করে গ্রাহক সহায়তায় যোগাযোগ করুন',
    },
    line: (n, k, s) => `আপনার অনুরোধ ${n} (${k}) এখন: ${s}।`,
    subject: (n) => `আপনার অনুরোধ ${n}`,
    frozen: (o) =>
      `আপনার ট্রেডিং অ্যাকাউন্টের অনলাইন অ্যাক্সেস বন্ধ করা হয়েছে। ${o}টি বাকি অর্ডার বাতিল হয়েছে। আপনি না চাইলে এখনই আমাদের ফোন করুন।`,
  },
  gu: {
    kind: {
      freeze: 'ઑનલાઇન ઍક્સેસ પર રોક',
      unfreeze: 'ઑનલાઇન ઍક્સેસ ફરી શરૂ',
      nomination: 'નોમિનેશન',
      bank: 'બેંક ખાતાં',
      closure: 'ખાતું બંધ કરવું',
      ddpi: 'DDPI',
      segments: 'સેગમેન્ટ',
      rekyc: 'રી-KYC (KYC અપડેટ)',
      address: 'સરનામામાં ફેરફાર',
      contact: 'મોબાઇલ કે ઇ-મેલમાં ફેરફાર',
    },
    status: {
      draft: 'શરૂ થઈ',
      signed: 'સહી થયેલ',
      in_review: 'સમીક્ષા હેઠળ',
      sent_to_registries: 'ડિપોઝિટરી અને એક્સચેન્જને મોકલી',
      done: 'પૂર્ણ',
      rejected: 'નામંજૂર',
    },
    reason: {
      SIGNATURE_MISMATCH: 'સહી મેળ ખાતી નથી',
      NOMINEE_DETAILS_INCOMPLETE: 'નોમિનીની વિગતો અધૂરી છે',
      DOCUMENT_ILLEGIBLE: 'એક દસ્તાવેજ વાંચી શકાતો નથી',
      REGISTRY_REFUSED: 'ડિપોઝિટરી અથવા એક્સચેન્જે નામંજૂર કરી',
      OTHER: 'કૃપા કરી ગ્રાહક સહાયનો સંપર્ક કરો',
    },
    line: (n, k, s) => `તમારી વિનંતી ${n} (${k}) હવે: ${s}.`,
    subject: (n) => `તમારી વિનંતી ${n}`,
    frozen: (o) =>
      `તમારા ટ્રેડિંગ ખાતાનો ઑનલાઇન ઍક્સેસ રોકવામાં આવ્યો છે. ${o} બાકી ઑર્ડર રદ થયા. તમે આ ન માગ્યું હોય તો તરત અમને ફોન કરો.`,
  },
  mar: {
    kind: {
      freeze: 'ऑनलाइन प्रवेश बंद',
      unfreeze: 'ऑनलाइन प्रवेश पुन्हा सुरू',
      nomination: 'नामनिर्देशन',
      bank: 'बँक खाती',
      closure: 'खाते बंद करणे',
      ddpi: 'DDPI',
      segments: 'सेगमेंट',
      rekyc: 'री-KYC (KYC अद्यतन)',
      address: 'पत्त्यात बदल',
      contact: 'मोबाइल किंवा ई-मेलमध्ये बदल',
    },
    status: {
      draft: 'सुरू झाली',
      signed: 'स्वाक्षरी केलेली',
      in_review: 'पुनरावलोकनात',
      sent_to_registries: 'डिपॉझिटरी व एक्सचेंजकडे पाठवली',
      done: 'पूर्ण',
      rejected: 'नाकारली',
    },
    reason: {
      SIGNATURE_MISMATCH: 'स्वाक्षरी जुळत नाही',
      NOMINEE_DETAILS_INCOMPLETE: 'नॉमिनीचा तपशील अपूर्ण आहे',
      DOCUMENT_ILLEGIBLE: 'एक दस्तऐवज वाचता येत नाही',
      REGISTRY_REFUSED: 'डिपॉझिटरी किंवा एक्सचेंजने नाकारली',
      OTHER: 'कृपया ग्राहक सहाय्याशी संपर्क साधा',
    },
    line: (n, k, s) => `तुमची विनंती ${n} (${k}) आता: ${s}.`,
    subject: (n) => `तुमची विनंती ${n}`,
    frozen: (o) =>
      `तुमच्या ट्रेडिंग खात्याचा ऑनलाइन प्रवेश बंद केला आहे. ${o} प्रलंबित ऑर्डर रद्द झाल्या. तुम्ही हे मागितले नसल्यास लगेच आम्हाला फोन करा.`,
  },
};

/** Tells the client of a request's status by SMS and e-mail; `extra` is a line of its own (a freeze's orders). */
export async function notifyClient(
  deps: Pick<ServicingDeps, 'records' | 'messaging'>,
  applicantId: string,
  request: {
    number: string;
    kind: ServiceRequestKind;
    status: ServiceRequestStatus;
    reason: ServiceRejectionReason | null;
  },
  extra?: (t: Texts) => string,
): Promise<void> {
  const applicant = await deps.records.get(applicantId);
  const language = applicant.language;
  const t = SERVICE_TEXTS[language];
  const status = t.status[request.status] + (request.reason ? ` (${t.reason[request.reason]})` : '');
  const text = [t.line(request.number, t.kind[request.kind], status), extra?.(t)].filter(Boolean).join(' ');
  await deps.messaging.send({
    channel: 'sms',
    to: applicant.mobile,
    template: 'service_request',
    text,
    // a DLT variable holds 40 characters: the reason rides in the text, the status alone when both do not fit
    vars: {
      request: request.number,
      kind: t.kind[request.kind],
      status: status.length <= 40 ? status : t.status[request.status],
    },
    language,
    applicantId,
  });
  if (applicant.email)
    await deps.messaging.send({
      channel: 'email',
      to: applicant.email,
      template: 'service_request',
      subject: t.subject(request.number),
      text,
      language,
      applicantId,
    });
}
