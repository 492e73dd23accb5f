/**
 * /pages/grievances: the escalation matrix SEBI asks brokers to publish (customer care, then the
 * grievance officer, the compliance officer and the chief executive, each with name, designation,
 * phone, email, address and hours), then SEBI SCORES and SMART ODR, and the regulators' and market
 * bodies' portals: content/support.json, contacts.json and market-portals.json.
 */
import type { MarketPortals, Support } from '../content/content-schemas';
import portalsFile from '../content/market-portals.json';
import supportFile from '../content/support.json';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { CONTACTS, ContactCard } from './contact-card';
import { ExternalLink } from './external-link';

const PORTALS: MarketPortals = portalsFile;
const SUPPORT: Support = supportFile;
const portal = (id: string) => PORTALS.portals.find((p) => p.id === id)!;

export default function GrievanceEscalation() {
  const { t } = usePublicTranslation();
  const levels = [
    { key: 'support', person: SUPPORT, hours: SUPPORT.hours },
    { key: 'grievance', person: CONTACTS.grievanceOfficer, hours: CONTACTS.officeHours },
    { key: 'compliance', person: CONTACTS.complianceOfficer, hours: CONTACTS.officeHours },
    { key: 'ceo', person: CONTACTS.ceo, hours: CONTACTS.officeHours },
  ] as const;
  const scores = portal('scores');
  const odr = portal('smart-odr');
  return (
    <div className="mt-6 space-y-8">
      <section aria-labelledby="escalation">
        <h2 id="escalation" className="text-xl font-bold">
          {t('pages.grievances.matrixTitle')}
        </h2>
        <p className="mt-1 leading-relaxed">{t('pages.grievances.matrixIntro')}</p>
        <ol className="mt-3 space-y-3">
          {levels.map((level, i) => (
            <li key={level.key}>
              <ContactCard
                heading={`${t('pages.grievances.level', { n: i + 1 })}: ${t(`pages.grievances.levels.${level.key}`)}`}
                person={level.person}
                hours={level.hours}
              />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="regulators">
        <h2 id="regulators" className="text-xl font-bold">
          {t('pages.grievances.regulatorsTitle')}
        </h2>
        <ol className="mt-2 list-decimal space-y-2 pl-5 leading-relaxed" start={levels.length + 1}>
          <li>
            <ExternalLink href={scores.url} className="font-semibold text-brand underline">
              {scores.name}
            </ExternalLink>
            : {t('pages.grievances.scores')}
          </li>
          <li>
            <ExternalLink href={odr.url} className="font-semibold text-brand underline">
              {odr.name}
            </ExternalLink>
            : {t('pages.grievances.odr')}
          </li>
        </ol>
      </section>

      <section aria-labelledby="portals">
        <h2 id="portals" className="text-xl font-bold">
          {t('pages.grievances.portalsTitle')}
        </h2>
        <ul className="mt-2 space-y-1">
          {PORTALS.portals.map((p) => (
            <li key={p.id}>
              <ExternalLink href={p.url} className="font-semibold text-brand underline">
                {p.name}
              </ExternalLink>{' '}
              <span className="text-muted">· {t(`portals.${p.id}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
