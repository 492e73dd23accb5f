/**
 * The text of each message in each of the five languages. With a production gateway each
 * (template, language) pair is a DLT template registered with this fixed text (its id configured
 * as MSG91_TEMPLATE_<NAME>_<LANG>); the email and the sandbox outbox carry the text itself.
 */
import type { Language } from '@ekyc/contracts/constants';
import { MSG } from '@ekyc/contracts/messages';
import { STAGES } from '@ekyc/contracts/stages';

interface Texts {
  /** The sign-up OTP by SMS and WhatsApp. */
  otp: (otp: string, minutes: number) => string;
  emailOtp: (otp: string, minutes: number) => string;
  emailOtpSubject: string;
  esignOtp: (otp: string) => string;
  decision: (stages: string) => string;
  decisionSubject: string;
  activation: (date: string, clientCode: string) => string;
  activationSubject: string;
  /** An application left unfinished: the day it will be erased unless the applicant continues it. */
  purgeNotice: (date: string) => string;
  purgeNoticeSubject: string;
  /** An applicant who stopped: the step they stopped at and the link that resumes there. */
  reminder: (step: string, link: string) => string;
  /** A final rejection or an expiry: the reason in the applicant's language (email; the SMS names none). */
  closure: (reason: string) => string;
  closureSubject: string;
  /** A send-back waiting for the applicant: the day it closes unless they make the correction. */
  sendBackReminder: (date: string) => string;
  sendBackReminderSubject: string;
  /** A partial approval: the segments active now and those waiting for the client's income proof. */
  segmentsPending: (active: string, held: string) => string;
  segmentsPendingSubject: string;
  /** Segment names by code, short enough for a DLT variable. */
  segments: Record<string, string>;
  /** A reviewer asks for one more document: the app names it and takes the upload (no variables). */
  documentRequest: string;
  documentRequestSubject: string;
  /** Stage names by code, for the decision message. */
  stages: Partial<Record<number, string>>;
}

export const MESSAGE_TEXTS: Record<Language, Texts> = {
  en: {
    otp: (otp, m) =>
      `${otp} is your OTP to open your demat and trading account. It is valid for ${m} minutes. Do not share it with anyone.`,
    emailOtp: (otp, m) =>
      `${otp} is your OTP to verify your email for account opening. It is valid for ${m} minutes. Do not share it with anyone.`,
    emailOtpSubject: 'Verify your email',
    esignOtp: (otp) => `${otp} is your Aadhaar OTP to eSign the account opening form. Do not share it with anyone.`,
    decision: (stages) =>
      `Your account application needs a correction (${stages}). Open the application and tap Retry to update it.`,
    decisionSubject: 'Your application needs a correction',
    activation: (_date, code) => `${MSG.statusActive} Your client code is ${code}.`,
    activationSubject: 'Your account is active',
    purgeNotice: (date) =>
      `You have not continued your account application for a long time. To protect your data we will erase it on ${date}. Open the application before then to keep it.`,
    purgeNoticeSubject: 'Your unfinished application will be erased',
    reminder: (step, link) =>
      `You stopped at the ${step} step of your account opening. Continue where you left off: ${link}`,
    closure: (reason) =>
      `We have closed your account application${reason ? `: ${reason}` : ''}. Open the application to see why, or contact customer support.`,
    closureSubject: 'Your application is closed',
    sendBackReminder: (date) =>
      `Your account application is waiting for your correction. Make it by ${date} or the application will be closed. Open the application and tap Retry.`,
    sendBackReminderSubject: 'Your application is waiting for your correction',
    segmentsPending: (active, held) =>
      `Your account application is approved. Active now: ${active}. Waiting for your income proof: ${held}. These are activated once the proof is accepted.`,
    segmentsPendingSubject: 'Some segments wait for your income proof',
    segments: {
      equity_1: 'Equity',
      equity_derivatives_1: 'Equity F&O',
      currency_derivatives_1: 'Currency F&O',
      commodity_derivatives_1: 'Commodity',
      mutual_funds_1: 'Mutual Funds',
    },
    documentRequest:
      'The reviewer of your account application asks for one more document. Open the application to see which one and upload it.',
    documentRequestSubject: 'The reviewer asks for one more document',
    stages: Object.fromEntries(Object.values(STAGES).map((s) => [s.code, s.name])),
  },
  hi: {
    otp: (otp, m) =>
      `${otp} डीमैट और ट्रेडिंग खाता खोलने के लिए आपका ओटीपी है। यह ${m} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
    emailOtp: (otp, m) =>
      `${otp} खाता खोलने के लिए आपका ईमेल सत्यापित करने का ओटीपी है। यह ${m} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।`,
    emailOtpSubject: 'अपना ईमेल सत्यापित करें',
    esignOtp: (otp) => `${otp} खाता खोलने के फ़ॉर्म पर ई-साइन करने के लिए आपका आधार ओटीपी है। इसे किसी के साथ साझा न करें।`,
    decision: (stages) =>
      `आपके खाता आवेदन में सुधार की ज़रूरत है (${stages})। आवेदन खोलें और उसे अपडेट करने के लिए “फिर से कोशिश करें” दबाएँ।`,
    decisionSubject: 'आपके आवेदन में सुधार की ज़रूरत है',
    activation: (date, code) => `आपका डीमैट और ट्रेडिंग खाता ${date} से सक्रिय है। आपका क्लाइंट कोड ${code} है।`,
    activationSubject: 'आपका खाता सक्रिय है',
    purgeNotice: (date) =>
      `आपने लंबे समय से अपना खाता आवेदन जारी नहीं रखा है। आपके डेटा की सुरक्षा के लिए हम इसे ${date} को मिटा देंगे। इसे रखने के लिए उससे पहले आवेदन खोलें।`,
    purgeNoticeSubject: 'आपका अधूरा आवेदन मिटाया जाएगा',
    reminder: (step, link) => `आपने खाता खोलने में ${step} चरण पर रोका था। जहाँ छोड़ा था वहीं से जारी रखें: ${link}`,
    closure: (reason) =>
      `हमने आपका खाता आवेदन बंद कर दिया है${reason ? `: ${reason}` : ''}। कारण देखने के लिए आवेदन खोलें, या ग्राहक सहायता से संपर्क करें।`,
    closureSubject: 'आपका आवेदन बंद कर दिया गया है',
    sendBackReminder: (date) =>
      `आपका खाता आवेदन आपके सुधार की प्रतीक्षा में है। ${date} तक सुधार करें, नहीं तो आवेदन बंद कर दिया जाएगा। आवेदन खोलें और “फिर से कोशिश करें” दबाएँ।`,
    sendBackReminderSubject: 'आपका आवेदन आपके सुधार की प्रतीक्षा में है',
    segmentsPending: (active, held) =>
      `आपका खाता आवेदन स्वीकृत हो गया है। अभी सक्रिय: ${active}। आपके आय प्रमाण की प्रतीक्षा में: ${held}। प्रमाण स्वीकार होने पर ये सक्रिय किए जाएँगे।`,
    segmentsPendingSubject: 'कुछ सेगमेंट आपके आय प्रमाण की प्रतीक्षा में हैं',
    segments: {
      equity_1: 'इक्विटी',
      equity_derivatives_1: 'इक्विटी एफ़एंडओ',
      currency_derivatives_1: 'करेंसी एफ़एंडओ',
      commodity_derivatives_1: 'कमोडिटी',
      mutual_funds_1: 'म्यूचुअल फंड',
    },
    documentRequest:
      'आपके खाता आवेदन की समीक्षा करने वाले ने एक और दस्तावेज़ माँगा है। कौन-सा दस्तावेज़ चाहिए यह देखने और उसे अपलोड करने के लिए आवेदन खोलें।',
    documentRequestSubject: 'समीक्षक एक और दस्तावेज़ माँग रहे हैं',
    stages: {
      110: 'मोबाइल',
      120: 'ईमेल',
      130: 'पैन',
      140: 'डिजीलॉकर',
      150: 'ग्राहक प्रोफ़ाइलिंग',
      160: 'बैंक',
      170: 'हस्ताक्षर',
      180: 'नामांकित व्यक्ति',
      190: 'सेगमेंट',
      200: 'सेल्फ़ी',
      210: 'ई-साइन',
      220: 'स्थिति',
    },
  },
  be: {
    otp: (otp, m) => `${otp} আপনার ডিম্যাট ও ট্রেডিং অ্যাকাউন্ট খোলার ওটিপি। এটি ${m} মিনিট বৈধ। কারও সঙ্গে শেয়ার করবেন না।`,
    emailOtp: (otp, m) =>
      `${otp} অ্যাকাউন্ট খোলার জন্য আপনার ইমেল যাচাইয়ের ওটিপি। এটি ${m} মিনিট বৈধ। কারও সঙ্গে শেয়ার করবেন না।`,
    emailOtpSubject: 'আপনার ইমেল যাচাই করুন',
    esignOtp: (otp) => `${otp} অ্যাকাউন্ট খোলার ফর্মে ই-সাইন করার জন্য আপনার আধার ওটিপি। কারও সঙ্গে শেয়ার করবেন না।`,
    decision: (stages) =>
      `আপনার অ্যাকাউন্টের আবেদনে সংশোধন দরকার (${stages})। আবেদনটি খুলুন এবং আপডেট করতে “আবার চেষ্টা করুন” চাপুন।`,
    decisionSubject: 'আপনার আবেদনে সংশোধন দরকার',
    activation: (date, code) => `আপনার ডিম্যাট ও ট্রেডিং অ্যাকাউন্ট ${date} থেকে সক্রিয়। আপনার ক্লায়েন্ট কোড ${code}।`,
    activationSubject: 'আপনার অ্যাকাউন্ট সক্রিয়',
    purgeNotice: (date) =>
      `আপনি অনেক দিন ধরে আপনার অ্যাকাউন্টের আবেদন চালিয়ে যাননি। আপনার ডেটা সুরক্ষার জন্য আমরা ${date} তারিখে এটি মুছে ফেলব। রাখতে চাইলে তার আগে আবেদনটি খুলুন।`,
    purgeNoticeSubject: 'আপনার অসম্পূর্ণ আবেদন মুছে ফেলা হবে',
    reminder: (step, link) =>
      `আপনি অ্যাকাউন্ট খোলার ${step} ধাপে থেমেছিলেন। যেখানে ছেড়েছিলেন সেখান থেকে চালিয়ে যান: ${link}`,
    closure: (reason) =>
      `আমরা আপনার অ্যাকাউন্টের আবেদন বন্ধ করে দিয়েছি${reason ? `: ${reason}` : ''}। কারণ দেখতে আবেদনটি খুলুন, অথবা গ্রাহক সহায়তার সাথে যোগাযোগ করুন।`,
    closureSubject: 'আপনার আবেদন বন্ধ করা হয়েছে',
    sendBackReminder: (date) =>
      `আপনার অ্যাকাউন্টের আবেদন আপনার সংশোধনের অপেক্ষায় আছে। ${date} তারিখের মধ্যে সংশোধন করুন, নইলে আবেদনটি বন্ধ হয়ে যাবে। আবেদনটি খুলে আবার চেষ্টা করুন-এ চাপুন।`,
    sendBackReminderSubject: 'আপনার আবেদন আপনার সংশোধনের অপেক্ষায়',
    segmentsPending: (active, held) =>
      `আপনার অ্যাকাউন্টের আবেদন অনুমোদিত হয়েছে। এখন সক্রিয়: ${active}। আপনার আয়ের প্রমাণের অপেক্ষায়: ${held}। প্রমাণ গৃহীত হলে এগুলি সক্রিয় করা হবে।`,
    segmentsPendingSubject: 'কিছু সেগমেন্ট আপনার আয়ের প্রমাণের অপেক্ষায়',
    segments: {
      equity_1: 'ইক্যুইটি',
      equity_derivatives_1: 'ইক্যুইটি এফঅ্যান্ডও',
      currency_derivatives_1: 'কারেন্সি এফঅ্যান্ডও',
      commodity_derivatives_1: 'কমোডিটি',
      mutual_funds_1: 'মিউচুয়াল ফান্ড',
    },
    documentRequest:
      'আপনার অ্যাকাউন্ট আবেদনের পর্যালোচক আরও একটি নথি চেয়েছেন। কোন নথি তা দেখতে এবং আপলোড করতে আবেদনটি খুলুন।',
    documentRequestSubject: 'পর্যালোচক আরও একটি নথি চাইছেন',
    stages: {
      110: 'মোবাইল',
      120: 'ইমেল',
      130: 'প্যান',
      140: 'ডিজিলকার',
      150: 'গ্রাহক প্রোফাইলিং',
      160: 'ব্যাংক',
      170: 'স্বাক্ষর',
      180: 'নমিনি',
      190: 'সেগমেন্ট',
      200: 'সেলফি',
      210: 'ই-সাইন',
      220: 'অবস্থা',
    },
  },
  gu: {
    otp: (otp, m) =>
      `${otp} તમારું ડીમેટ અને ટ્રેડિંગ ખાતું ખોલવા માટેનો OTP છે. તે ${m} મિનિટ માટે માન્ય છે. તેને કોઈની સાથે શેર કરશો નહીં.`,
    emailOtp: (otp, m) =>
      `${otp} ખાતું ખોલવા માટે તમારો ઇમેઇલ ચકાસવાનો OTP છે. તે ${m} મિનિટ માટે માન્ય છે. તેને કોઈની સાથે શેર કરશો નહીં.`,
    emailOtpSubject: 'તમારો ઇમેઇલ ચકાસો',
    esignOtp: (otp) => `${otp} ખાતું ખોલવાના ફોર્મ પર ઇ-સાઇન કરવા માટેનો તમારો આધાર OTP છે. તેને કોઈની સાથે શેર કરશો નહીં.`,
    decision: (stages) =>
      `તમારી ખાતાની અરજીમાં સુધારો જરૂરી છે (${stages}). અરજી ખોલો અને તેને અપડેટ કરવા “ફરી પ્રયાસ કરો” દબાવો.`,
    decisionSubject: 'તમારી અરજીમાં સુધારો જરૂરી છે',
    activation: (date, code) => `તમારું ડીમેટ અને ટ્રેડિંગ ખાતું ${date} થી સક્રિય છે. તમારો ક્લાયન્ટ કોડ ${code} છે.`,
    activationSubject: 'તમારું ખાતું સક્રિય છે',
    purgeNotice: (date) =>
      `તમે લાંબા સમયથી તમારી ખાતાની અરજી આગળ વધારી નથી. તમારા ડેટાની સુરક્ષા માટે અમે તેને ${date} ના રોજ ભૂંસી નાખીશું. તેને રાખવા માટે તે પહેલાં અરજી ખોલો.`,
    purgeNoticeSubject: 'તમારી અધૂરી અરજી ભૂંસી નાખવામાં આવશે',
    reminder: (step, link) => `તમે ખાતું ખોલવામાં ${step} તબક્કે અટક્યા હતા. જ્યાં છોડ્યું હતું ત્યાંથી ચાલુ રાખો: ${link}`,
    closure: (reason) =>
      `અમે તમારી ખાતાની અરજી બંધ કરી છે${reason ? `: ${reason}` : ''}. કારણ જોવા માટે અરજી ખોલો, અથવા ગ્રાહક સહાયનો સંપર્ક કરો.`,
    closureSubject: 'તમારી અરજી બંધ કરવામાં આવી છે',
    sendBackReminder: (date) =>
      `તમારી ખાતાની અરજી તમારા સુધારાની રાહ જુએ છે. ${date} સુધીમાં સુધારો કરો, નહીં તો અરજી બંધ કરવામાં આવશે. અરજી ખોલો અને ફરી પ્રયાસ કરો દબાવો.`,
    sendBackReminderSubject: 'તમારી અરજી તમારા સુધારાની રાહ જુએ છે',
    segmentsPending: (active, held) =>
      `તમારી ખાતાની અરજી મંજૂર થઈ છે. હવે સક્રિય: ${active}. તમારા આવકના પુરાવાની રાહ જુએ છે: ${held}. પુરાવો સ્વીકારાય પછી તે સક્રિય કરવામાં આવશે.`,
    segmentsPendingSubject: 'કેટલાક સેગમેન્ટ તમારા આવકના પુરાવાની રાહ જુએ છે',
    segments: {
      equity_1: 'ઇક્વિટી',
      equity_derivatives_1: 'ઇક્વિટી એફએન્ડઓ',
      currency_derivatives_1: 'કરન્સી એફએન્ડઓ',
      commodity_derivatives_1: 'કોમોડિટી',
      mutual_funds_1: 'મ્યુચ્યુઅલ ફંડ',
    },
    documentRequest:
      'તમારી ખાતા અરજીના સમીક્ષકે વધુ એક દસ્તાવેજ માંગ્યો છે. કયો દસ્તાવેજ છે તે જોવા અને તેને અપલોડ કરવા માટે અરજી ખોલો.',
    documentRequestSubject: 'સમીક્ષક વધુ એક દસ્તાવેજ માંગે છે',
    stages: {
      110: 'મોબાઇલ',
      120: 'ઇમેઇલ',
      130: 'પાન',
      140: 'ડિજીલૉકર',
      150: 'ગ્રાહક પ્રોફાઇલિંગ',
      160: 'બેંક',
      170: 'સહી',
      180: 'નૉમિની',
      190: 'સેગમેન્ટ',
      200: 'સેલ્ફી',
      210: 'ઇ-સાઇન',
      220: 'સ્થિતિ',
    },
  },
  mar: {
    otp: (otp, m) =>
      `${otp} हा तुमचे डीमॅट आणि ट्रेडिंग खाते उघडण्यासाठीचा ओटीपी आहे. तो ${m} मिनिटांसाठी वैध आहे. तो कोणालाही सांगू नका.`,
    emailOtp: (otp, m) =>
      `${otp} हा खाते उघडण्यासाठी तुमचा ईमेल पडताळण्याचा ओटीपी आहे. तो ${m} मिनिटांसाठी वैध आहे. तो कोणालाही सांगू नका.`,
    emailOtpSubject: 'तुमचा ईमेल पडताळा',
    esignOtp: (otp) => `${otp} हा खाते उघडण्याच्या फॉर्मवर ई-साइन करण्यासाठीचा तुमचा आधार ओटीपी आहे. तो कोणालाही सांगू नका.`,
    decision: (stages) =>
      `तुमच्या खाते अर्जात दुरुस्ती आवश्यक आहे (${stages}). अर्ज उघडा आणि तो अद्ययावत करण्यासाठी “पुन्हा प्रयत्न करा” दाबा.`,
    decisionSubject: 'तुमच्या अर्जात दुरुस्ती आवश्यक आहे',
    activation: (date, code) => `तुमचे डीमॅट आणि ट्रेडिंग खाते ${date} पासून सक्रिय आहे. तुमचा क्लायंट कोड ${code} आहे.`,
    activationSubject: 'तुमचे खाते सक्रिय आहे',
    purgeNotice: (date) =>
      `तुम्ही बराच काळ तुमचा खाते अर्ज पुढे चालू ठेवलेला नाही. तुमच्या डेटाच्या सुरक्षेसाठी आम्ही तो ${date} रोजी पुसून टाकू. तो ठेवण्यासाठी त्याआधी अर्ज उघडा.`,
    purgeNoticeSubject: 'तुमचा अपूर्ण अर्ज पुसून टाकला जाईल',
    reminder: (step, link) => `तुम्ही खाते उघडताना ${step} टप्प्यावर थांबला होता. जिथे सोडले तिथून पुढे सुरू ठेवा: ${link}`,
    closure: (reason) =>
      `आम्ही तुमचा खाते अर्ज बंद केला आहे${reason ? `: ${reason}` : ''}. कारण पाहण्यासाठी अर्ज उघडा, किंवा ग्राहक सहाय्याशी संपर्क साधा.`,
    closureSubject: 'तुमचा अर्ज बंद करण्यात आला आहे',
    sendBackReminder: (date) =>
      `तुमचा खाते अर्ज तुमच्या दुरुस्तीची वाट पाहत आहे. ${date} पर्यंत दुरुस्ती करा, अन्यथा अर्ज बंद केला जाईल. अर्ज उघडा आणि पुन्हा प्रयत्न करा दाबा.`,
    sendBackReminderSubject: 'तुमचा अर्ज तुमच्या दुरुस्तीची वाट पाहत आहे',
    segmentsPending: (active, held) =>
      `तुमचा खाते अर्ज मंजूर झाला आहे. आता सक्रिय: ${active}. तुमच्या उत्पन्नाच्या पुराव्याची प्रतीक्षा: ${held}. पुरावा स्वीकारल्यावर हे सक्रिय केले जातील.`,
    segmentsPendingSubject: 'काही सेगमेंट तुमच्या उत्पन्नाच्या पुराव्याची वाट पाहत आहेत',
    segments: {
      equity_1: 'इक्विटी',
      equity_derivatives_1: 'इक्विटी एफअँडओ',
      currency_derivatives_1: 'करन्सी एफअँडओ',
      commodity_derivatives_1: 'कमोडिटी',
      mutual_funds_1: 'म्युच्युअल फंड',
    },
    documentRequest:
      'तुमच्या खाते अर्जाच्या पुनरावलोकनकर्त्याने आणखी एक कागदपत्र मागितले आहे. कोणते कागदपत्र हवे ते पाहण्यासाठी आणि ते अपलोड करण्यासाठी अर्ज उघडा.',
    documentRequestSubject: 'पुनरावलोकनकर्ता आणखी एक कागदपत्र मागत आहेत',
    stages: {
      110: 'मोबाइल',
      120: 'ईमेल',
      130: 'पॅन',
      140: 'डिजीलॉकर',
      150: 'ग्राहक प्रोफाइलिंग',
      160: 'बँक',
      170: 'स्वाक्षरी',
      180: 'नामनिर्देशित',
      190: 'सेगमेंट',
      200: 'सेल्फी',
      210: 'ई-साइन',
      220: 'स्थिती',
    },
  },
};
