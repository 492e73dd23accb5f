/**
 * The account-opening form as a PDF, rendered from everything the applicant gave: identity, PAN,
 * address, bank, profile, declarations, nominees, segments, plan and charges, with the signature
 * and the selfie. Sections are read as stored by each step; a missing one prints as not given.
 * The last page keeps room for the Aadhaar eSign signature.
 */
import sharp from 'sharp';
import { PDFDocument, type PDFImage, StandardFonts } from '@cantoo/pdf-lib';
import { FormWriter } from './pdf-writer.ts';
import { ruleSetOn } from '@ekyc/contracts/regulation';
import { riskDisclosureFor } from '@ekyc/contracts/risk-disclosure';
import { LANGUAGE_NAMES, type Language } from '@ekyc/contracts/constants';
import { type BrokerRegistrations, registrationLine } from '@ekyc/contracts/calls/broker-documents';
import { SAMPLE_MITC } from './broker-document-texts.ts';
import {
  asObj,
  asList,
  str,
  fatcaRows,
  yesNo,
  maskAadhaar,
  readSections,
  addressOf,
  genderOf,
  chargeRows,
  signatureMark,
} from './form-facts.ts';

export interface AccountOpeningFormInput {
  applicationId: string;
  generatedAt: Date;
  mobile: string;
  email: string | null;
  clientCode: string | null;
  /** The stored sections by name (pan_obj, digilocker_obj, personal_obj, ...). */
  sections: Record<string, unknown>;
  images: { selfie?: Buffer | null; signature?: Buffer | null };
  verificationDays: string;
  /** The rule set the application follows (regulation.ts). */
  ruleSet?: string;
  /** The broker's registrations, and the MITC version the applicant acknowledges by signing. */
  broker?: { registrations: BrokerRegistrations; mitc: { version: string; sample: boolean } };
}

async function embed(doc: PDFDocument, bytes: Buffer | null | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50)
      return await doc.embedJpg(await sharp(bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer());
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch {
    // an unreadable picture prints as not given
  }
  return null;
}

export async function renderAccountOpeningForm(input: AccountOpeningFormInput): Promise<Buffer> {
  const { s, pan, personal, bank, nominee, segment, kra, aadhaar } = readSections(input.sections);

  const doc = await PDFDocument.create();
  doc.setTitle('Account Opening Form');
  doc.setSubject(`Demat and trading account application ${input.applicationId}`);
  doc.setProducer('eKYC onboarding');
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const date = input.generatedAt.toISOString().slice(0, 10).split('-').reverse().join('/');
  const w = new FormWriter(doc, font, bold, `Account Opening Form - application ${input.applicationId} - ${date}`);

  w.title(
    'Account Opening Form',
    `Demat and trading account for a resident individual - application ${input.applicationId}, ${date}`,
  );
  if (input.broker) w.paragraph(registrationLine(input.broker.registrations));

  w.heading('1. Applicant');
  w.row('Name as per PAN', str(pan, 'full_name', 'name_on_card'));
  w.row('PAN', str(pan, 'pan_number'));
  w.row('Date of birth', str(pan, 'dob'));
  w.row('KRA registered', yesNo(pan.is_kra));
  w.row('Gender', genderOf(personal));
  w.row('Marital status', str(personal, 'marital_status'));
  w.row("Father's name", str(personal, 'father_name'));
  w.row("Mother's name", str(personal, 'mother_name'));
  w.row('Mobile', input.mobile);
  w.row('Email', input.email ?? '');
  if (input.clientCode) w.row('Client code', input.clientCode);

  w.heading('2. Address');
  if (Object.keys(aadhaar).length) {
    w.row('Source', 'Aadhaar through DigiLocker');
    w.row('Care of', str(aadhaar, 'care_of'));
    w.row('Address', addressOf(aadhaar));
    w.row('City / district', str(aadhaar, 'district_city'));
    w.row('State', str(aadhaar, 'state'));
    w.row('PIN code', str(aadhaar, 'pincode'));
    w.row('Country', str(aadhaar, 'country') || 'India');
    w.row('Aadhaar', maskAadhaar(str(aadhaar, 'uid')));
  } else if (str(kra, 'kra_address')) {
    w.row('Source', 'KRA record');
    w.row('Address', str(kra, 'kra_address'));
  } else w.row('Address', '');

  w.heading('3. Bank account');
  w.row('Bank', [str(bank, 'bank_name'), str(bank, 'branch')].filter(Boolean).join(', '));
  w.row('IFSC', str(bank, 'ifsc'));
  w.row('Account number', str(bank, 'account_number'));
  w.row('Account type', str(bank, 'account_type'));
  if (str(bank, 'vpa_id')) w.row('UPI ID', str(bank, 'vpa_id'));

  w.heading('4. Profile');
  w.row('Occupation', str(personal, 'occupation__name', 'occupation'));
  w.row('Annual income', str(personal, 'annual_income__name', 'income'));
  w.row('Trading experience', str(personal, 'trading_experience__name', 'trading_experience'));
  w.row(
    'Education',
    [str(personal, 'education__name', 'education'), str(personal, 'other_education')].filter(Boolean).join(': '),
  );
  w.row('Plan', str(personal, 'plan_selected') || 'premium');
  w.row('Settlement of funds', str(personal, 'preference_selected', 'settle_frequency') || 'Quarterly');
  w.row('Electronic contract notes', yesNo(personal.preference));
  w.row('Basic services demat account (BSDA)', yesNo(personal.bsda));

  w.heading('5. Declarations');
  w.row('I am a citizen of India', yesNo(personal.indian_citizen));
  w.row('I am a tax resident of India only', yesNo(personal.resident_of_india));
  w.row('I am not a politically exposed person', yesNo(personal.politically_exposed));
  w.row('Running account settlement authorised', yesNo(personal.settle));
  for (const [label, value] of fatcaRows(personal)) w.row(label, value);

  w.heading('6. Nominees');
  const nominees = asList(nominee.nominee_list).map(asObj);
  const optOut = s('_nominee_opt_out');
  if (nominee.skip_nominee === true) {
    w.paragraph('I have chosen not to nominate anyone for this account (I may add nominees later).');
    if (str(optOut, 'declaration_text')) {
      w.paragraph(`Declaration (${str(optOut, 'declaration_version')}): ${str(optOut, 'declaration_text')}`);
      w.row(
        'Opt-out confirmed by',
        str(optOut, 'mode') === 'O'
          ? `OTP to mobile (${str(optOut, 'mobile_otp_at')}) and e-mail (${str(optOut, 'email_otp_at')})`
          : str(optOut, 'mode') === 'esign'
            ? 'the Aadhaar e-sign of this form'
            : 'declaration',
      );
    }
  } else if (nominees.length)
    w.table(
      ['Name', 'Relation', 'Date of birth', 'Share %', 'Guardian'],
      nominees.map((n) => [
        [str(n, 'first_name'), str(n, 'last_name')].filter(Boolean).join(' '),
        str(n, 'nominee_relation'),
        str(n, 'dob'),
        str(n, 'percentage_share'),
        str(n, 'gaurdian_name') || '-',
      ]),
      [160, 90, 85, 60, 120],
    );
  else w.row('Nominees', '');
  if (str(nominee, 'nominee_soa'))
    w.row('Statement of account shows', str(nominee, 'nominee_soa_name') || str(nominee, 'nominee_soa'));

  w.heading('7. Trading segments');
  const segments = asList(segment.segment_list).map((x) => (typeof x === 'string' ? x : str(asObj(x), 'name', 'code')));
  w.row('Segments', segments.join(', '));
  if (str(segment, 'financial_proof_option', 'document_type'))
    w.row('Financial proof', str(segment, 'financial_proof_option', 'document_type'));

  const ack = s('_risk_disclosure');
  if (str(ack, 'version')) {
    const { text } = riskDisclosureFor(str(ack, 'version'), 'en');
    const language = LANGUAGE_NAMES[str(ack, 'language') as Language] ? str(ack, 'language') : 'en';
    w.paragraph(`${text.title}: ${text.points.join(' ')} ${text.source}`);
    w.row(
      'Risk disclosure acknowledged',
      `version ${str(ack, 'version')}, shown in ${language === 'en' ? 'English' : language}, at ${str(ack, 'acknowledged_at')}`,
    );
  }
  const rules = ruleSetOn(input.ruleSet ?? input.generatedAt.toISOString().slice(0, 10));
  const demat = s('_demat_choice');
  const dematType = str(demat, 'account_type') || (rules.values.bsdaDefault ? 'bsda' : 'regular');
  w.row(
    'Demat account',
    dematType === 'bsda'
      ? `Basic Services Demat Account${str(demat, 'chosen') === 'explicit' ? '' : ' (default for an eligible applicant)'}`
      : 'Regular demat account',
  );
  const regular = asObj(demat.regular_declaration);
  if (str(regular, 'text'))
    w.paragraph(`Choice of a regular account (${str(regular, 'declared_at')}): ${str(regular, 'text')}`);
  const ddpi = asObj(demat.ddpi);
  // the DDPI is a document of its own, e-signed apart (ddpi-document.ts): this form only names the choice
  w.row(
    'DDPI',
    ddpi.opted === true ? 'Chosen: signed as a separate document with its own Aadhaar eSign' : 'Not opted (optional)',
  );
  w.row('Rules followed', `Rule set in force from ${rules.id} (docs/regulation.md)`);

  w.heading('8. Plan and charges');
  w.table(['Item', 'Charge'], chargeRows(str(personal, 'plan_selected'), rules), [190, 325]);
  w.paragraph('Charges may be revised with 30 days notice.');

  w.heading('9. Signature and photograph');
  const mark = signatureMark(asObj(input.sections.signature_obj));
  w.images([
    { label: mark.label, image: await embed(doc, input.images.signature), width: 240, height: 90 },
    {
      label: 'Photograph (selfie with liveness check)',
      image: await embed(doc, input.images.selfie),
      width: 110,
      height: 110,
    },
  ]);
  if (mark.note) w.paragraph(mark.note);

  // SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180 (13 Nov 2023): new clients acknowledge the standard MITC
  w.heading('10. Most Important Terms and Conditions (MITC)');
  const mitc = input.broker?.mitc ?? { version: 'not shown', sample: true };
  w.row('MITC version acknowledged', `${mitc.version}${mitc.sample ? ' (SAMPLE)' : ''}`);
  if (mitc.sample) SAMPLE_MITC.forEach((term, i) => w.paragraph(`${i + 1}. ${term}`));
  else w.paragraph('The MITC of this version is the document of that name in the welcome kit.');

  w.heading('11. Declaration by the applicant');
  w.paragraph(
    'I confirm that the information given in this form is true and complete, that the documents submitted are mine, and that I ' +
      'have read the rights and obligations, the risk disclosure document, the schedule of charges and the Most Important ' +
      'Terms and Conditions above, which I acknowledge. I agree to open a demat ' +
      `and trading account on these terms. I understand that verification takes ${input.verificationDays}.`,
  );
  w.signatureBox(
    'Signed electronically with Aadhaar OTP under the eSign framework (Information Technology Act, 2000). ' +
      'The digital signature of this document carries the signer and the signing time.',
  );
  w.finish('Account Opening Form');
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
