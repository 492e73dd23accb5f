/** The stored bank account at a glance: bank, branch, IFSC, masked account number, type and proof. */
import { useTranslation } from '../../../i18n/use-translation';
import { type BankRecord, maskAccount } from '../hooks/use-bank-record';

export function BankSummary({ bank }: { bank: BankRecord }) {
  const { t } = useTranslation('bank');
  const rows: [string, string | null | undefined][] = [
    [t('bankName'), bank.bank_name],
    [t('branch'), bank.branch],
    [t('ifscLabel'), bank.ifsc],
    [t('accountNumberLabel'), maskAccount(bank.account_number)],
    [t('accountTypeLabel'), bank.account_type ? t(`accountTypes.${bank.account_type}`) : null],
    [t('upiIdLabel'), bank.vpa_id],
  ];
  const isPdf = bank.document_type === 'application/pdf';
  return (
    <div className="mb-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {bank.document && (
        <div className="mt-3">
          <p className="mb-1 text-sm font-semibold">{t(`proofTypes.${bank.doctype ?? 'CancelledCheque'}`)}</p>
          {isPdf ? (
            <a href={bank.document} target="_blank" rel="noreferrer" className="font-semibold text-brand underline">
              {t('viewDocument')}
            </a>
          ) : (
            <img
              src={bank.document}
              alt={t(`proofTypes.${bank.doctype ?? 'CancelledCheque'}`)}
              className="max-h-48 w-full rounded-lg border border-slate-200 bg-white object-contain"
            />
          )}
        </div>
      )}
    </div>
  );
}
