import type { ReactNode } from 'react';
import contactsFile from '../content/contacts.json';
import type { Contacts, Localized, Officer } from '../content/content-schemas';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { inLanguage } from '../locale';
import { PhoneLink } from './phone-link';

/** The operator's contacts (content/contacts.json, checked against contactsSchema by the build). */
export const CONTACTS: Contacts = contactsFile;

type Person = Partial<Pick<Officer, 'name' | 'designation'>> & Pick<Officer, 'phone' | 'email' | 'address'>;

/** One contact of the escalation matrix: who, how to reach them, where and when. */
export function ContactCard({ heading, person, hours }: { heading: string; person: Person; hours: Localized }) {
  const { t, lng } = usePublicTranslation();
  const rows: [string, ReactNode][] = [];
  if (person.name) rows.push([t('pages.contact.name'), person.name]);
  if (person.designation) rows.push([t('pages.contact.designation'), inLanguage(person.designation, lng)]);
  rows.push(
    [t('pages.contact.phone'), <PhoneLink phone={person.phone} />],
    [
      t('pages.contact.email'),
      <a className="text-brand underline" href={`mailto:${person.email}`}>
        {person.email}
      </a>,
    ],
    [t('pages.contact.address'), person.address ?? CONTACTS.office.address],
    [t('pages.contact.hours'), inLanguage(hours, lng)],
  );
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm" data-contact={heading}>
      <h3 className="mb-2 font-semibold">{heading}</h3>
      <dl className="grid gap-x-4 text-sm sm:grid-cols-[9rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="mb-1 sm:contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words sm:mb-1">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
