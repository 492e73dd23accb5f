-- The language the applicant reads (en, hi, be, gu, mar): the app sends it with each call, and the
-- messages sent later (a reviewer's decision, the activation) are written in it.
alter table applicants add column language text not null default 'en';
