/** Turns a row of the section 9 charge table into words, with the numbers taken from the table. */
import { type ChargeRow, formatRupees } from '@ekyc/contracts/charges';

type T = (key: string, values?: Record<string, string | number>) => string;

export const rupees = (paise: number) => `₹${formatRupees(paise)}`;
export const percentFromBp = (bp: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(bp / 100);

export function describeRule(row: ChargeRow, t: T): string {
  const { rule } = row;
  let text: string;
  switch (rule.type) {
    case 'nil':
      text = t('charges.rules.nil');
      break;
    case 'flat':
      text = t(`charges.rules.flat.${rule.unit}`, { amount: rupees(rule.amount) });
      break;
    case 'per-years':
      text =
        rule.years === null
          ? t('charges.rules.perYears.lifetime', { amount: rupees(rule.amount) })
          : rule.years === 1
            ? t('charges.rules.perYears.one', { amount: rupees(rule.amount) })
            : t('charges.rules.perYears.many', { amount: rupees(rule.amount), years: rule.years });
      break;
    case 'monthly-from-year':
      text = t('charges.rules.monthlyFromYear', { amount: rupees(rule.monthly), year: rule.fromYear });
      break;
    case 'per-certificate-capped':
      text = t('charges.rules.perCertificateCapped', {
        amount: rupees(rule.perCertificate),
        cap: rupees(rule.cap),
      });
      break;
    case 'higher-of-lot-or-certificate':
      text = t('charges.rules.higherOfLotOrCertificate', {
        perLot: rupees(rule.perLot),
        lot: rule.lotSize,
        perCertificate: rupees(rule.perCertificate),
      });
      break;
    case 'higher-of-minimum-or-percent':
      text = t('charges.rules.higherOfMinimumOrPercent', {
        percent: percentFromBp(rule.rateBp),
        minimum: rupees(rule.minimum),
      });
      break;
    case 'first-free':
      text = t('charges.rules.firstFree', { amount: rupees(rule.amount) });
      break;
    case 'interest':
      text = t('charges.rules.interest', { rate: rule.ratePercentPerYear, years: rule.afterYears });
      break;
  }
  if (row.courier) text += ` ${t('charges.rules.courier', { amount: rupees(row.courier) })}`;
  if (row.plusGst) text += ` ${t('charges.rules.plusGst')}`;
  return text;
}
