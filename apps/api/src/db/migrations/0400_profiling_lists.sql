-- The client-profiling lists (spec section 3 enumerations, section 7 list calls), with labels in the
-- five languages of section 1. `name` is the English label stored in personal_obj (*__name).
create table if not exists profiling_options (
  list text not null check (list in ('occupation', 'experience', 'income', 'education')),
  code text not null,
  name text not null,
  label_hi text not null,
  label_be text not null,
  label_gu text not null,
  label_mar text not null,
  sort_order integer not null default 0,
  active boolean not null default true,
  primary key (list, code)
);

insert into profiling_options (list, code, name, label_hi, label_be, label_gu, label_mar, sort_order) values
  ('occupation', 'private_sector', 'Private Sector', 'निजी क्षेत्र', 'বেসরকারি ক্ষেত্র', 'ખાનગી ક્ષેત્ર', 'खाजगी क्षेत्र', 1),
  ('occupation', 'public_sector', 'Public Sector', 'सार्वजनिक क्षेत्र', 'রাষ্ট্রায়ত্ত ক্ষেত্র', 'જાહેર ક્ષેત્ર', 'सार्वजनिक क्षेत्र', 2),
  ('occupation', 'government_sector', 'Govt./Government Sector', 'सरकारी क्षेत्र', 'সরকারি ক্ষেত্র', 'સરકારી ક્ષેત્ર', 'शासकीय क्षेत्र', 3),
  ('occupation', 'agriculturist', 'Agriculturist', 'कृषक', 'কৃষিজীবী', 'ખેડૂત', 'शेतकरी', 4),
  ('occupation', 'professional', 'Professional', 'पेशेवर', 'পেশাদার', 'વ્યાવસાયિક', 'व्यावसायिक', 5),
  ('occupation', 'housewife', 'Housewife', 'गृहिणी', 'গৃহিণী', 'ગૃહિણી', 'गृहिणी', 6),
  ('occupation', 'retired', 'Retired', 'सेवानिवृत्त', 'অবসরপ্রাপ্ত', 'નિવૃત્ત', 'सेवानिवृत्त', 7),
  ('occupation', 'student', 'Student', 'छात्र', 'ছাত্রছাত্রী', 'વિદ્યાર્થી', 'विद्यार्थी', 8),
  ('occupation', 'business', 'Business', 'व्यापार', 'ব্যবসা', 'વેપાર', 'व्यापार', 9),
  ('experience', 'lt_1', '<1 years', '1 वर्ष से कम', '1 বছরের কম', '1 વર્ષથી ઓછો', '1 वर्षापेक्षा कमी', 1),
  ('experience', '1_5', '1-5 years', '1-5 वर्ष', '1-5 বছর', '1-5 વર્ષ', '1-5 वर्षे', 2),
  ('experience', '5_10', '5-10 years', '5-10 वर्ष', '5-10 বছর', '5-10 વર્ષ', '5-10 वर्षे', 3),
  ('experience', '10_15', '10-15 years', '10-15 वर्ष', '10-15 বছর', '10-15 વર્ષ', '10-15 वर्षे', 4),
  ('experience', '15_20', '15-20 years', '15-20 वर्ष', '15-20 বছর', '15-20 વર્ષ', '15-20 वर्षे', 5),
  ('experience', 'gt_20', '>20 years', '20 वर्ष से अधिक', '20 বছরের বেশি', '20 વર્ષથી વધુ', '20 वर्षांपेक्षा जास्त', 6),
  ('income', 'lt_1', '<1 lakh', '1 लाख से कम', '1 লাখের কম', '1 લાખથી ઓછી', '1 लाखापेक्षा कमी', 1),
  ('income', '1_5', '1-5 lakhs', '1-5 लाख', '1-5 লাখ', '1-5 લાખ', '1-5 लाख', 2),
  ('income', '5_10', '5-10 lakhs', '5-10 लाख', '5-10 লাখ', '5-10 લાખ', '5-10 लाख', 3),
  ('income', '10_15', '10-15 lakhs', '10-15 लाख', '10-15 লাখ', '10-15 લાખ', '10-15 लाख', 4),
  ('income', '10_25', '10-25 lakhs', '10-25 लाख', '10-25 লাখ', '10-25 લાખ', '10-25 लाख', 5),
  ('income', 'gt_25', '>25 lakhs', '25 लाख से अधिक', '25 লাখের বেশি', '25 લાખથી વધુ', '25 लाखांपेक्षा जास्त', 6),
  ('education', 'high_school', 'High School', 'हाई स्कूल', 'উচ্চ বিদ্যালয়', 'હાઈ સ્કૂલ', 'माध्यमिक शाळा', 1),
  ('education', 'graduate', 'Graduate', 'स्नातक', 'স্নাতক', 'સ્નાતક', 'पदवीधर', 2),
  ('education', 'post_graduate', 'Post Graduate', 'स्नातकोत्तर', 'স্নাতকোত্তর', 'અનુસ્નાતક', 'पदव्युत्तर', 3),
  ('education', 'other', 'Other', 'अन्य', 'অন্যান্য', 'અન્ય', 'इतर', 4)
on conflict (list, code) do nothing;
