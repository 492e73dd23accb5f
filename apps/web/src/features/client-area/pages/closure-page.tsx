/**
 * Close the account: the reason from a list, the broker's back-office pre-check shown as the server
 * answers it (what stops the closure, or the holdings to transfer), the demat account the holdings
 * go to (checked with the server's schema), then the draft signed with Aadhaar eSign
 * (components/sign-request.tsx).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import {
  CLOSURE_REASONS,
  type ClosurePreCheck,
  closurePreCheckSchema,
  closureRequestSchema,
} from '@ekyc/contracts/calls/client-closure';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useMessage } from '../../../lib/use-message';
import { useRequestClosure } from '../api/request-closure';
import { SignRequest } from '../components/sign-request';

function PreCheck({ check }: { check: ClosurePreCheck }) {
  const { t, i18n } = useTranslation('client-area');
  const rupees = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'INR' });
  return (
    <section
      aria-labelledby="pre-check"
      className="mb-4 rounded-lg border border-slate-300 p-3"
      data-testid="pre-check"
    >
      <h2 id="pre-check" className="mb-1 font-semibold">
        {t('closure.preCheck')}
      </h2>
      <p className="text-sm">{t('closure.balance', { amount: rupees.format(check.ledger_balance) })}</p>
      {check.holdings.length === 0 ? (
        <p className="text-sm">{t('closure.noHoldings')}</p>
      ) : (
        <ul className="list-none text-sm">
          {check.holdings.map((h) => (
            <li key={h.isin} className="py-0.5">
              {t('closure.holding', { name: h.name, isin: h.isin, quantity: h.quantity })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ClosurePage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const create = useRequestClosure();
  const [reason, setReason] = useState('');
  const [depository, setDepository] = useState('');
  const [boId, setBoId] = useState('');
  const [check, setCheck] = useState<ClosurePreCheck | null>(null);
  const [needsTarget, setNeedsTarget] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);

  if (draft) return <SignRequest heading={t('closure.heading')} draft={draft} testId="closure-signed" />;

  const submit = async () => {
    setFormError('');
    const parsed = closureRequestSchema.safeParse({
      reason,
      ...(needsTarget && { target: { depository, bo_id: boId } }),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        found[path] ??= path === 'target.bo_id' ? t('closure.boIdInvalid') : t('closure.required');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const reply = await create.mutateAsync(parsed.data);
      // a refusal's data is read by its schema too (the envelope types it loosely)
      const preCheck = closurePreCheckSchema.safeParse(reply.data.pre_check);
      if (preCheck.success) setCheck(preCheck.data);
      if (reply.status && reply.data.request) return setDraft(reply.data.request);
      if (reply.data.reason === 'transfer_needed') return setNeedsTarget(true);
      setFormError(t(`closure.blocked.${reply.data.reason ?? 'pending_requests'}`));
    } catch (err) {
      const field = err instanceof ApiError && typeof err.data.field === 'string' ? err.data.field : null;
      if (field === 'target.bo_id') setErrors({ [field]: t('closure.boIdInvalid') });
      else setFormError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
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
      <h1 className="mb-2 text-xl font-bold">{t('closure.heading')}</h1>
      <p className="mb-4 text-sm text-muted">{t('closure.intro')}</p>
      <SelectField
        label={t('closure.reason')}
        placeholder={t('closure.choose')}
        value={reason}
        options={CLOSURE_REASONS.map((v) => ({ value: v, label: t(`closure.reasons.${v}`) }))}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
      />
      {check && <PreCheck check={check} />}
      {needsTarget && (
        <fieldset className="mb-4 rounded-lg border border-slate-300 p-3">
          <legend className="px-1 font-semibold">{t('closure.target')}</legend>
          <p className="mb-2 text-sm">{t('closure.targetIntro')}</p>
          <SelectField
            label={t('closure.depository')}
            placeholder={t('closure.choose')}
            value={depository}
            options={['CDSL', 'NSDL'].map((v) => ({ value: v, label: v }))}
            onChange={(e) => setDepository(e.target.value)}
            error={errors['target.depository']}
          />
          <TextField
            label={t('closure.boId')}
            hint={t('closure.boIdHint')}
            value={boId}
            maxLength={20}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(e) => setBoId(e.target.value.toUpperCase())}
            error={errors['target.bo_id']}
          />
        </fieldset>
      )}
      {formError && (
        <p role="alert" className="mb-3 text-sm text-danger" data-testid="closure-refused">
          {formError}
        </p>
      )}
      <Button type="submit" loading={create.isPending}>
        {needsTarget ? t('closure.save') : t('closure.check')}
      </Button>
    </form>
  );
}
