/**
 * Change or add bank accounts: a primary account and up to four more, each typed (checked with the
 * server's schema, then verified at the bank by penny drop before the request is drafted) or paid
 * from by UPI (reverse penny drop, components/upi-bank-account.tsx); the draft is signed with Aadhaar
 * eSign (components/sign-request.tsx).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { BANK_ACCOUNTS_MAX, bankChangeRequestSchema } from '@ekyc/contracts/calls/client-bank';
import { ACCOUNT_TYPES } from '@ekyc/contracts/enums';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { saidIn, useMessage } from '../../../lib/use-message';
import { useRequestBankChange } from '../api/request-bank-change';
import { SignRequest } from '../components/sign-request';
import { type UpiAccount, UpiBankAccount } from '../components/upi-bank-account';

interface TypedRow {
  ifsc: string;
  account_number: string;
  account_type: string;
}
type Row = TypedRow | (UpiAccount & { account_type: string });
const emptyRow = (): Row => ({ ifsc: '', account_number: '', account_type: '' });
const isBlank = (r: Row) => !('upi_payment' in r) && !r.ifsc && !r.account_number && !r.account_type;

export default function BankPage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const create = useRequestBankChange();
  const [rows, setRows] = useState<Row[]>([emptyRow()]);
  const [primary, setPrimary] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);

  if (draft) return <SignRequest heading={t('bankChange.heading')} draft={draft} testId="bank-signed" />;

  const submit = async () => {
    setFormError('');
    const parsed = bankChangeRequestSchema.safeParse({
      accounts: rows.map((r, i) =>
        'upi_payment' in r
          ? { upi_payment: r.upi_payment, account_type: r.account_type, primary: i === primary }
          : { ...r, primary: i === primary },
      ),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= msg(saidIn(issue));
      setErrors(found);
      if (found.accounts) setFormError(t('bankChange.invalid'));
      return;
    }
    setErrors({});
    try {
      const reply = await create.mutateAsync(parsed.data);
      if (reply.status) return setDraft(reply.data.request);
      const at = typeof reply.data.account === 'number' ? reply.data.account : 0;
      const why = reply.data.reason === 'name_mismatch' ? 'bankChange.nameMismatch' : 'bankChange.notVerified';
      setErrors({ [`accounts.${at}.account_number`]: t(why) });
    } catch (err) {
      const field = err instanceof ApiError && typeof err.data.field === 'string' ? err.data.field : null;
      if (field?.startsWith('accounts.')) setErrors({ [field]: msg(err as ApiError) });
      else setFormError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  const set = (i: number, key: 'ifsc' | 'account_number', value: string) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  // a UPI-verified account takes the place of an untouched first row, else joins the list
  const addUpi = (account: UpiAccount) => {
    const row = { ...account, account_type: '' };
    const replace = rows.length === 1 && isBlank(rows[0]!);
    setRows(replace ? [row] : [...rows, row]);
    if (replace) setPrimary(0);
  };
  const remove = (i: number) => {
    setRows((list) => list.filter((_, j) => j !== i));
    setPrimary((p) => (p === i ? 0 : p > i ? p - 1 : p));
  };

  return (
    <form
      className="rounded-xl bg-white p-4 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1 className="mb-2 text-xl font-bold">{t('bankChange.heading')}</h1>
      <p className="mb-4 text-sm text-muted">{t('bankChange.intro', { more: BANK_ACCOUNTS_MAX - 1 })}</p>
      {rows.length < BANK_ACCOUNTS_MAX && <UpiBankAccount onVerified={addUpi} />}
      {rows.map((r, i) => (
        <fieldset key={i} className="mb-4 rounded-lg border border-slate-300 p-3">
          <legend className="px-1 font-semibold">{t('bankChange.account', { n: i + 1 })}</legend>
          {'upi_payment' in r ? (
            <UpiRowText label={r.label} error={errors[`accounts.${i}.account_number`]} />
          ) : (
            <TypedFields row={r} at={i} errors={errors} set={set} />
          )}
          <SelectField
            label={t('bankChange.type')}
            placeholder={t('bankChange.choose')}
            value={r.account_type}
            options={ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`bankChange.${v}`) }))}
            onChange={(e) =>
              setRows((list) => list.map((row, j) => (j === i ? { ...row, account_type: e.target.value } : row)))
            }
            error={errors[`accounts.${i}.account_type`]}
          />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="radio"
              name="primary"
              className="size-5"
              checked={primary === i}
              onChange={() => setPrimary(i)}
            />
            {t('bankChange.primary')}
          </label>
          {rows.length > 1 && (
            <Button variant="link" onClick={() => remove(i)}>
              {t('bankChange.remove', { n: i + 1 })}
            </Button>
          )}
        </fieldset>
      ))}
      {rows.length < BANK_ACCOUNTS_MAX && (
        <Button variant="secondary" className="mb-4" onClick={() => setRows((list) => [...list, emptyRow()])}>
          {t('bankChange.add')}
        </Button>
      )}
      {formError && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {formError}
        </p>
      )}
      <Button type="submit" loading={create.isPending}>
        {t('bankChange.save')}
      </Button>
    </form>
  );
}

/** A UPI-verified account: the bank and last digits the payment named (no number to type). */
function UpiRowText({ label, error }: { label: string; error?: string }) {
  return (
    <>
      <p className="mb-2 font-semibold" data-testid="upi-account">
        {label}
      </p>
      {error && (
        <p role="alert" className="mb-2 text-sm text-danger">
          {error}
        </p>
      )}
    </>
  );
}

/** A typed account's IFSC and number. */
function TypedFields({
  row,
  at,
  errors,
  set,
}: {
  row: TypedRow;
  at: number;
  errors: Record<string, string>;
  set: (i: number, key: 'ifsc' | 'account_number', value: string) => void;
}) {
  const { t } = useTranslation('client-area');
  return (
    <>
      <TextField
        label={t('bankChange.ifsc')}
        value={row.ifsc}
        maxLength={11}
        autoCapitalize="characters"
        autoComplete="off"
        onChange={(e) => set(at, 'ifsc', e.target.value.toUpperCase())}
        error={errors[`accounts.${at}.ifsc`]}
      />
      <TextField
        label={t('bankChange.number')}
        value={row.account_number}
        inputMode="numeric"
        maxLength={18}
        autoComplete="off"
        onChange={(e) => set(at, 'account_number', e.target.value.trim())}
        error={errors[`accounts.${at}.account_number`]}
      />
    </>
  );
}
