/**
 * Verified document data (section 2): internal fields hidden, values upper-cased and cut to 36
 * characters plus an ellipsis when longer than 40.
 */
import { CDL_INTERNAL_FIELDS } from '@ekyc/contracts/calls/digilocker-data';
import { DIGILOCKER_VALUE_TRUNCATE, DIGILOCKER_VALUE_TRUNCATE_OVER } from '@ekyc/contracts/constants';
import { useTranslation } from '../../../i18n/use-translation';

export const displayValue = (value: string) => {
  const upper = value.toUpperCase();
  return upper.length > DIGILOCKER_VALUE_TRUNCATE_OVER ? `${upper.slice(0, DIGILOCKER_VALUE_TRUNCATE)}...` : upper;
};

const ORDER = [
  'name',
  'pan_number',
  'dob',
  'gender',
  'care_of',
  'uid',
  'house',
  'street',
  'landmark',
  'locality',
  'address1',
  'address2',
  'district_city',
  'state',
  'pincode',
  'country',
];

export function DocumentFields({ document }: { document: Record<string, unknown> }) {
  const { t } = useTranslation('digilocker');
  const hidden = new Set<string>(CDL_INTERNAL_FIELDS);
  const rows = ORDER.filter((key) => !hidden.has(key) && typeof document[key] === 'string' && document[key] !== '');
  const type = String(document.document_type ?? '');
  return (
    <section
      className="mb-4 rounded-lg border border-slate-200 p-3"
      aria-label={t(`docType.${type}`, { defaultValue: type })}
    >
      <h2 className="mb-2 font-semibold text-ink">{t(`docType.${type}`, { defaultValue: type })}</h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {rows.map((key) => (
          <div key={key}>
            <dt className="text-xs text-muted">{t(`field.${key}`)}</dt>
            <dd className="break-words text-sm font-semibold text-ink" title={String(document[key]).toUpperCase()}>
              {/* the document's code (M, F, T) as a word in the applicant's language, upper-cased like
                  every locker value */}
              {displayValue(
                key === 'gender'
                  ? t(`genders.${String(document[key]).toUpperCase()}`, { defaultValue: String(document[key]) })
                  : String(document[key]),
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
