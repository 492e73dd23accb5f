/**
 * The forms the public Downloads page ships (apps/web/public/downloads/), written as tagged PDFs in
 * the platform's form layout: `npm run downloads:forms`. They carry the broker's name, address and
 * customer care from apps/web/src/features/public/content/ (contacts.json, support.json), and the
 * tariff sheet is the charges page's own schedule, so a change to either is one command away from
 * the PDFs. A broker with its own forms drops its PDFs in the folder instead and lists them in
 * downloads.json (docs/content.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHARGE_GROUPS, CHARGE_NOTES, CHARGE_SCHEDULE, GST_RATE_PERCENT } from '../packages/contracts/src/charges.ts';
import { renderTextDocument, type TextDocument } from '../apps/api/src/documents/pdf-writer.ts';
import { describeRule } from '../apps/web/src/features/public/components/charge-format.ts';
import contactsFile from '../apps/web/src/features/public/content/contacts.json' with { type: 'json' };
import downloadsFile from '../apps/web/src/features/public/content/downloads.json' with { type: 'json' };
import supportFile from '../apps/web/src/features/public/content/support.json' with { type: 'json' };
import englishPublic from '../apps/web/src/i18n/locales/en/public.json' with { type: 'json' };
import {
  type Contacts,
  contactsSchema,
  downloadsSchema,
  supportSchema,
} from '../apps/web/src/features/public/content/content-schemas.ts';

const OUT = fileURLToPath(new URL('../apps/web/public/downloads/', import.meta.url));
const contacts: Contacts = contactsSchema.parse(contactsFile);
const downloads = downloadsSchema.parse(downloadsFile);
const support = supportSchema.parse(supportFile);

/** The English catalogue's t(), for the tariff sheet's wording. */
function t(key: string, values: Record<string, string | number> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], englishPublic);
  if (typeof found !== 'string') throw new Error(`no English text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const blank = (label: string) => `${label}: ______________________________________________`;
const tick = (label: string) => `[  ]  ${label}`;
const holder = (who: string) => [
  blank(`${who}: name as in PAN`),
  blank(`${who}: PAN`),
  `${who}: signature ____________________________   Date ____ / ____ / ________`,
];
const clientIds = [blank('Client ID (trading account)'), blank('DP ID and client ID (16-digit BO ID)')];
const SUBTITLE = `${contacts.office.name}, stock broker and depository participant`;
const sendTo = (what: string) => ({
  heading: 'How to send this form',
  paragraphs: [
    `Sign ${what} and email a scan from your registered email address to ${support.email}, or post the original to ${contacts.office.name}, ${contacts.office.address}.`,
    `Questions: customer care, ${support.phone}, ${support.email} (${support.hours.en}).`,
  ],
});
const officeUse = {
  heading: 'For office use',
  paragraphs: [blank('Received on'), blank('Checked by (name and employee code)'), blank('Done on')],
};

const FORMS: Record<string, TextDocument> = {
  'account-closure': {
    title: 'Account closure request',
    subtitle: SUBTITLE,
    sections: [
      { heading: 'Account', paragraphs: clientIds },
      {
        heading: 'Close',
        paragraphs: [tick('the trading account'), tick('the demat account'), tick('both accounts')],
      },
      {
        heading: 'Securities in the demat account',
        paragraphs: [
          tick('The demat account holds no securities.'),
          tick(
            'Transfer all my securities to my other demat account below, held in the same names (attach its client master list):',
          ),
          blank('Target DP ID'),
          blank('Target client ID'),
          blank('Name of the target depository participant'),
          'Unused delivery instruction slips are returned with this form, or destroyed (cross out the slips you return).',
        ],
      },
      { heading: 'Reason for closing (optional)', paragraphs: [blank('Reason')] },
      {
        heading: 'Declaration',
        paragraphs: [
          'I/We ask you to close the account(s) ticked above. I/We confirm that no order, settlement or corporate action is pending and that all dues are paid. Any credit balance is paid to the bank account registered with you. The account is closed after the securities are transferred and the dues settled; you confirm the closure by email.',
        ],
      },
      {
        heading: 'Account holders',
        paragraphs: [...holder('First holder'), ...holder('Second holder'), ...holder('Third holder')],
      },
      sendTo('the form (every holder)'),
      officeUse,
    ],
  },
  nomination: {
    title: 'Nomination form (demat and trading account)',
    subtitle: SUBTITLE,
    sections: [
      { heading: 'Account', paragraphs: clientIds },
      {
        heading: 'What you want to do',
        paragraphs: [
          tick('Add nominees (this replaces any earlier nomination)'),
          tick('Change the nominees or their shares'),
          tick('Cancel the nomination (then also fill in the opt-out below, or name new nominees)'),
        ],
      },
      ...[1, 2, 3].map((n) => ({
        heading: `Nominee ${n}${n > 1 ? ' (optional)' : ''}`,
        paragraphs: [
          blank('Full name'),
          blank('Relationship with the account holder'),
          blank('Share of the holdings (%)'),
          blank('Address'),
          blank('Mobile and email'),
          blank('Identity: PAN, or last four digits of Aadhaar, or driving licence number'),
          blank('Date of birth (if the nominee is a minor)'),
          blank('Guardian name, address and relationship (if the nominee is a minor)'),
        ],
      })),
      {
        heading: 'Rules',
        paragraphs: [
          "Give each nominee's share of the holdings; together the shares make 100%. If you give no shares, the holdings are divided equally among the nominees.",
        ],
      },
      {
        heading: 'Opting out of nomination',
        paragraphs: [
          tick(
            'I/We do not wish to nominate anyone. I/We understand that on the death of the holder(s) the legal heirs will have to produce the documents the law requires to claim the holdings.',
          ),
        ],
      },
      {
        heading: 'Account holders',
        paragraphs: [...holder('First holder'), ...holder('Second holder'), ...holder('Third holder')],
      },
      {
        heading: 'Witness (only if a holder signs with a thumb impression)',
        paragraphs: [blank('Witness name and address'), blank('Witness signature')],
      },
      sendTo('the form (every holder)'),
      officeUse,
    ],
  },
  modification: {
    title: 'Change of details request',
    subtitle: SUBTITLE,
    sections: [
      { heading: 'Account', paragraphs: [...clientIds, blank('Name of the first holder')] },
      {
        heading: 'What changes',
        paragraphs: [
          tick('Address (attach proof: Aadhaar, passport, voter id or driving licence)'),
          blank('New address with PIN code'),
          tick("Mobile number (you confirm it by a one-time password; it must be your own or your family's)"),
          blank('New mobile number'),
          tick('Email address (you confirm it by a one-time password)'),
          blank('New email address'),
          tick('Bank account (attach a cancelled cheque or a bank statement with your name printed)'),
          blank('Bank name, account number, IFSC and account type'),
          tick('Income range, occupation or other KYC details'),
          blank('New details'),
        ],
      },
      {
        heading: 'Declaration',
        paragraphs: [
          'I/We confirm that the new details are true and my/our own. I/We understand that the change is also reported to the KYC registration agency, the depository and the exchanges, and that a change of bank account is verified before money is paid to it.',
        ],
      },
      { heading: 'Account holders', paragraphs: [...holder('First holder'), ...holder('Second holder')] },
      sendTo('the form'),
      officeUse,
    ],
  },
  ddpi: {
    title: 'Demat Debit and Pledge Instruction (DDPI)',
    subtitle: SUBTITLE,
    sections: [
      {
        heading: 'Account',
        paragraphs: [
          'Under SEBI circular SEBI/HO/MIRSD/DoP/P/CIR/2022/44. DDPI is optional: no account needs it to be opened or used.',
          ...clientIds,
        ],
      },
      {
        heading: 'The purposes you allow (tick each one you agree to)',
        paragraphs: [
          tick(
            'Transfer of securities held in my/our demat account towards stock exchange deliveries and settlement obligations of trades I/we execute on the exchange through this stock broker.',
          ),
          tick(
            'Pledging and re-pledging of securities in favour of the trading member or clearing member to meet the margin requirements of my/our trades on the exchange.',
          ),
          tick('Mutual fund transactions executed on the order entry platforms of the stock exchanges.'),
          tick('Tendering shares in open offers through the platforms of the stock exchanges.'),
        ],
      },
      {
        heading: 'What it means',
        paragraphs: [
          "Without DDPI you authorise each delivery yourself, by a delivery instruction slip or the depository's electronic authorisation (TPIN and OTP) on the day you sell. With DDPI the purposes you ticked are carried out without that step. The securities are debited only for those purposes, and you may revoke the DDPI at any time by writing to us.",
        ],
      },
      {
        heading: 'Account holders',
        paragraphs: [...holder('First holder'), ...holder('Second holder'), ...holder('Third holder')],
      },
      sendTo('the form (every holder, or e-sign it with Aadhaar)'),
      officeUse,
    ],
  },
  tariff: {
    title: 'Tariff sheet',
    subtitle: `${SUBTITLE}: every charge of the trading and demat account`,
    sections: [
      ...CHARGE_GROUPS.map((group) => ({
        heading: t(`charges.groups.${group}`),
        table: {
          headers: [t('charges.columns.service'), t('charges.columns.charge')],
          rows: CHARGE_SCHEDULE.filter((r) => r.group === group).map((r) => [
            t(`charges.rows.${r.id}`),
            describeRule(r, t),
          ]),
          widths: [190, 325],
        },
      })),
      {
        heading: t('charges.notes.title'),
        paragraphs: [
          t('charges.notes.gst', { rate: GST_RATE_PERCENT }),
          t('charges.notes.revision', { days: CHARGE_NOTES.revisionNoticeDays }),
          t('charges.notes.statutory'),
          t('charges.perScriptNote'),
        ],
      },
    ],
  },
};

mkdirSync(OUT, { recursive: true });
for (const form of downloads.forms) {
  const document = FORMS[form.id];
  if (!document) {
    process.stdout.write(`${form.file}: the broker's own file (not generated)\n`);
    continue;
  }
  // the revision date of downloads.json, so that the same content writes the same file
  const pdf = await renderTextDocument(document, new Date(`${form.revised}T00:00:00+05:30`));
  writeFileSync(path.join(OUT, form.file), pdf);
  process.stdout.write(`wrote apps/web/public/downloads/${form.file} (${Math.round(pdf.length / 1024)} KiB)\n`);
}
