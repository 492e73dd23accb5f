-- The back office's flow for a team: staff notes, the checker's hand-over and return,
-- closing cases (final rejection, expiry of a send-back, reopening), the supervisor role and the
-- coded reasons as versioned data.

-- The supervisor: assigns work, reopens closed applications, reads the team's figures; staff and
-- settings stay the administrator's. Granting it waits for a second admin, as checker does.
alter table staff drop constraint if exists staff_role_check;
alter table staff add constraint staff_role_check
  check (role in ('reviewer', 'checker', 'supervisor', 'compliance', 'admin'));
alter table staff drop constraint if exists staff_pending_role_check;
alter table staff add constraint staff_pending_role_check
  check (pending_role in ('checker', 'supervisor', 'compliance', 'admin'));

-- Notes staff leave on an application, never shown to the applicant: the maker's hand-over to the
-- checker, the checker's return, an accept against a failed or not-run check, internal notes, a
-- closure's and a reopening's words. The text is sealed (AES-256-GCM, like every section).
create table backoffice_notes (
  id bigserial primary key,
  applicant_id uuid not null references applicants(id) on delete cascade,
  kind text not null check (kind in ('handover', 'return', 'override', 'internal', 'closure', 'reopen')),
  stage integer,
  staff_id uuid not null references staff(id),
  note_enc text not null,
  created_at timestamptz not null default now()
);
create index backoffice_notes_applicant on backoffice_notes (applicant_id, id);

-- A closed application: finally rejected by staff, or expired after a send-back left unanswered.
-- One row while it is closed; a supervisor's reopening deletes it (the audit trail keeps both).
create table application_closures (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  kind text not null check (kind in ('rejected', 'expired')),
  code text not null,
  reason_version integer not null,
  closed_by uuid references staff(id),
  closed_at timestamptz not null default now(),
  -- the standing it was closed from, for the reopening
  closed_from text not null
);

-- The reminders sent before a send-back expires: one per send-back (its moment) and days left.
create table send_back_reminders (
  applicant_id uuid not null references applicants(id) on delete cascade,
  sent_back_at timestamptz not null,
  days_left integer not null,
  sent_at timestamptz not null default now(),
  primary key (applicant_id, sent_back_at, days_left)
);

-- A closed application stands as Closed whatever its stages say.
create or replace function application_standing_refresh(p_applicant uuid) returns void language plpgsql as $$
begin
  insert into application_standing (applicant_id, stage, since, status, created_at)
  select a.id, s.stage, s.since,
    case when a.client_code is not null then 'Completed'
         when exists (select 1 from application_closures c where c.applicant_id = a.id) then 'Closed'
         when s.rejected then 'Rejected'
         when s.approved then 'Approved'
         when s.stage = 220 then 'Pending'
         else 'In progress' end,
    a.created_at
  from applicants a join (
    select applicant_id,
      (array_agg(stage order by seq desc))[1] as stage,
      (array_agg(updated_at order by seq desc))[1] as since,
      coalesce(bool_or(admin_activity = 'Reject'), false) as rejected,
      coalesce(bool_or(stage = 220 and admin_activity = 'Accept'), false) as approved
    from applicant_stages where applicant_id = p_applicant group by applicant_id
  ) s on s.applicant_id = a.id
  where a.id = p_applicant
  on conflict (applicant_id) do update set stage = excluded.stage, since = excluded.since,
    status = excluded.status, created_at = excluded.created_at;
end $$;

create function application_standing_from_closure() returns trigger language plpgsql as $$
begin
  perform application_standing_refresh(coalesce(new.applicant_id, old.applicant_id));
  return null;
end $$;
create trigger application_closures_standing after insert or update or delete on application_closures
  for each row execute function application_standing_from_closure();

-- The coded reasons, each edit a new version; an application's stored reason names the version it
-- was sent with (`[CODE@version] note`), so it keeps the text it was sent.
create table review_reasons (
  code text not null,
  version integer not null,
  purpose text not null check (purpose in ('send_back', 'close')),
  stage integer,
  kind text not null check (kind in ('reject', 'info')),
  texts jsonb not null,
  active boolean not null default true,
  changed_by uuid references staff(id),
  changed_at timestamptz not null default now(),
  primary key (code, version),
  check ((purpose = 'send_back') = (stage is not null))
);

-- Version 1: the list that shipped in code (packages/contracts/src/review-reasons.ts), and the
-- closing reasons.
insert into review_reasons (code, version, purpose, stage, kind, texts) values
  ('PAN_NAME_MISMATCH', 1, 'send_back', 130, 'reject', '{"en": "The name on your PAN does not match your other documents", "hi": "आपके पैन पर नाम आपके अन्य दस्तावेज़ों से मेल नहीं खाता", "be": "আপনার প্যানের নাম আপনার অন্যান্য নথির সাথে মেলে না", "gu": "તમારા પાન પરનું નામ તમારા અન્ય દસ્તાવેજો સાથે મેળ ખાતું નથી", "mar": "तुमच्या पॅनवरील नाव तुमच्या इतर कागदपत्रांशी जुळत नाही"}'::jsonb),
  ('AADHAAR_UNREADABLE', 1, 'send_back', 140, 'info', '{"en": "Your Aadhaar details could not be read; please fetch them again from DigiLocker", "hi": "आपका आधार विवरण पढ़ा नहीं जा सका; कृपया डिजिलॉकर से फिर से प्राप्त करें", "be": "আপনার আধার তথ্য পড়া যায়নি; অনুগ্রহ করে ডিজিলকার থেকে আবার আনুন", "gu": "તમારી આધાર વિગતો વાંચી શકાઈ નથી; કૃપા કરીને ડિજિલોકરમાંથી ફરી મેળવો", "mar": "तुमचे आधार तपशील वाचता आले नाहीत; कृपया डिजिलॉकरमधून पुन्हा मिळवा"}'::jsonb),
  ('BANK_NAME_MISMATCH', 1, 'send_back', 160, 'reject', '{"en": "The bank account holder name does not match the name on your PAN", "hi": "बैंक खाताधारक का नाम आपके पैन पर दिए नाम से मेल नहीं खाता", "be": "ব্যাঙ্ক অ্যাকাউন্টধারীর নাম আপনার প্যানের নামের সাথে মেলে না", "gu": "બેંક ખાતાધારકનું નામ તમારા પાન પરના નામ સાથે મેળ ખાતું નથી", "mar": "बँक खातेदाराचे नाव तुमच्या पॅनवरील नावाशी जुळत नाही"}'::jsonb),
  ('BANK_PROOF_UNCLEAR', 1, 'send_back', 160, 'info', '{"en": "The bank proof is unclear; please upload a clear cancelled cheque or statement", "hi": "बैंक प्रमाण स्पष्ट नहीं है; कृपया साफ़ रद्द चेक या स्टेटमेंट अपलोड करें", "be": "ব্যাঙ্কের প্রমাণ অস্পষ্ট; অনুগ্রহ করে একটি পরিষ্কার বাতিল চেক বা স্টেটমেন্ট আপলোড করুন", "gu": "બેંક પુરાવો અસ્પષ્ટ છે; કૃપા કરીને સ્પષ્ટ રદ કરેલો ચેક અથવા સ્ટેટમેન્ટ અપલોડ કરો", "mar": "बँकेचा पुरावा अस्पष्ट आहे; कृपया स्पष्ट रद्द केलेला धनादेश किंवा स्टेटमेंट अपलोड करा"}'::jsonb),
  ('SIGNATURE_MISMATCH', 1, 'send_back', 170, 'reject', '{"en": "Your signature does not match the signature on your PAN card", "hi": "आपके हस्ताक्षर आपके पैन कार्ड पर किए हस्ताक्षर से मेल नहीं खाते", "be": "আপনার স্বাক্ষর আপনার প্যান কার্ডের স্বাক্ষরের সাথে মেলে না", "gu": "તમારી સહી તમારા પાન કાર્ડ પરની સહી સાથે મેળ ખાતી નથી", "mar": "तुमची स्वाक्षरी तुमच्या पॅन कार्डवरील स्वाक्षरीशी जुळत नाही"}'::jsonb),
  ('SIGNATURE_UNCLEAR', 1, 'send_back', 170, 'info', '{"en": "Your signature is unclear; please sign again on white paper", "hi": "आपके हस्ताक्षर स्पष्ट नहीं हैं; कृपया सफ़ेद कागज़ पर फिर से हस्ताक्षर करें", "be": "আপনার স্বাক্ষর অস্পষ্ট; অনুগ্রহ করে সাদা কাগজে আবার স্বাক্ষর করুন", "gu": "તમારી સહી અસ્પષ્ટ છે; કૃપા કરીને સફેદ કાગળ પર ફરી સહી કરો", "mar": "तुमची स्वाक्षरी अस्पष्ट आहे; कृपया पांढऱ्या कागदावर पुन्हा स्वाक्षरी करा"}'::jsonb),
  ('NOMINEE_DETAILS', 1, 'send_back', 180, 'info', '{"en": "Some nominee details are missing or incorrect", "hi": "नामांकित व्यक्ति के कुछ विवरण अधूरे या गलत हैं", "be": "মনোনীত ব্যক্তির কিছু তথ্য অনুপস্থিত বা ভুল", "gu": "નોમિનીની કેટલીક વિગતો ખૂટે છે અથવા ખોટી છે", "mar": "नामनिर्देशित व्यक्तीचे काही तपशील अपूर्ण किंवा चुकीचे आहेत"}'::jsonb),
  ('INCOME_PROOF_NEEDED', 1, 'send_back', 190, 'info', '{"en": "An income proof is needed for the derivatives segments", "hi": "डेरिवेटिव सेगमेंट के लिए आय प्रमाण आवश्यक है", "be": "ডেরিভেটিভ সেগমেন্টের জন্য আয়ের প্রমাণ প্রয়োজন", "gu": "ડેરિવેટિવ સેગમેન્ટ માટે આવકનો પુરાવો જરૂરી છે", "mar": "डेरिव्हेटिव्ह सेगमेंटसाठी उत्पन्नाचा पुरावा आवश्यक आहे"}'::jsonb),
  ('SELFIE_MISMATCH', 1, 'send_back', 200, 'reject', '{"en": "Your selfie does not match the photo on your Aadhaar", "hi": "आपकी सेल्फ़ी आपके आधार की फ़ोटो से मेल नहीं खाती", "be": "আপনার সেলফি আপনার আধারের ছবির সাথে মেলে না", "gu": "તમારી સેલ્ફી તમારા આધારના ફોટો સાથે મેળ ખાતી નથી", "mar": "तुमचा सेल्फी तुमच्या आधारवरील फोटोशी जुळत नाही"}'::jsonb),
  ('SELFIE_UNCLEAR', 1, 'send_back', 200, 'info', '{"en": "Your selfie is blurred or dark; please take it again in good light", "hi": "आपकी सेल्फ़ी धुंधली या अंधेरी है; कृपया अच्छी रोशनी में फिर से लें", "be": "আপনার সেলফি ঝাপসা বা অন্ধকার; অনুগ্রহ করে ভালো আলোতে আবার তুলুন", "gu": "તમારી સેલ્ફી ઝાંખી અથવા અંધારી છે; કૃપા કરીને સારા પ્રકાશમાં ફરી લો", "mar": "तुमचा सेल्फी अस्पष्ट किंवा गडद आहे; कृपया चांगल्या प्रकाशात पुन्हा घ्या"}'::jsonb),
  ('DOCUMENTS_NOT_GENUINE', 1, 'close', null, 'reject', '{"en": "The documents you submitted could not be verified as genuine", "hi": "आपके जमा किए गए दस्तावेज़ों को वास्तविक के रूप में सत्यापित नहीं किया जा सका", "be": "আপনার জমা দেওয়া নথিগুলি আসল হিসেবে যাচাই করা যায়নি", "gu": "તમે સબમિટ કરેલા દસ્તાવેજો અસલી તરીકે ચકાસી શકાયા નથી", "mar": "तुम्ही सादर केलेली कागदपत्रे खरी असल्याची पडताळणी करता आली नाही"}'::jsonb),
  ('DUPLICATE_APPLICATION', 1, 'close', null, 'reject', '{"en": "You already have another application or account with us", "hi": "हमारे पास आपका पहले से एक अन्य आवेदन या खाता है", "be": "আমাদের কাছে আপনার আগে থেকেই অন্য একটি আবেদন বা অ্যাকাউন্ট আছে", "gu": "અમારી પાસે તમારી પહેલેથી બીજી અરજી અથવા ખાતું છે", "mar": "आमच्याकडे तुमचा आधीच दुसरा अर्ज किंवा खाते आहे"}'::jsonb),
  ('NOT_ELIGIBLE', 1, 'close', null, 'reject', '{"en": "You are not eligible to open an account with us", "hi": "आप हमारे साथ खाता खोलने के पात्र नहीं हैं", "be": "আপনি আমাদের সাথে অ্যাকাউন্ট খোলার যোগ্য নন", "gu": "તમે અમારી સાથે ખાતું ખોલવા માટે પાત્ર નથી", "mar": "तुम्ही आमच्याकडे खाते उघडण्यास पात्र नाही"}'::jsonb),
  ('SEND_BACK_EXPIRED', 1, 'close', null, 'info', '{"en": "The corrections we asked for were not made in time", "hi": "हमने जो सुधार माँगे थे वे समय पर नहीं किए गए", "be": "আমরা যে সংশোধন চেয়েছিলাম তা সময়মতো করা হয়নি", "gu": "અમે માંગેલા સુધારા સમયસર કરવામાં આવ્યા નથી", "mar": "आम्ही मागितलेल्या दुरुस्त्या वेळेत केल्या गेल्या नाहीत"}'::jsonb);
