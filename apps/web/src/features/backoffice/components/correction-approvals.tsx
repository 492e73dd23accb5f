/**
 * Maker and checker for corrections to a signed record: each correction another staff member
 * proposed waits here for a second person's approval (or rejection); an approved new email waits
 * for the OTP the client received at that address, entered here, before it is used.
 */
import type { CorrectionView } from '@ekyc/contracts/calls/backoffice-registrations';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useDecideCorrection } from '../api/decide-correction';
import { useCorrections } from '../api/list-corrections';
import { useVerifyCorrectionOtp } from '../api/verify-correction-otp';

export function CorrectionApprovals({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('registrations');
  const corrections = useCorrections(applicationId);
  const open = (corrections.data?.corrections ?? []).filter(
    (c) => c.status === 'proposed' || c.status === 'awaiting_otp',
  );
  if (!open.length) return null;
  return (
    <section aria-labelledby="corrections-heading" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <h3 id="corrections-heading" className="font-semibold">
        {t('approval.title')}
      </h3>
      <p className="text-sm text-muted">{t('approval.intro')}</p>
      <ul className="mt-2 grid gap-3">
        {open.map((c) => (
          <PendingCorrection key={c.id} applicationId={applicationId} correction={c} />
        ))}
      </ul>
    </section>
  );
}

function PendingCorrection({ applicationId, correction: c }: { applicationId: string; correction: CorrectionView }) {
  const { t } = useTranslation('registrations');
  const decide = useDecideCorrection(applicationId);
  const verify = useVerifyCorrectionOtp(applicationId);
  const [otp, setOtp] = useState('');
  const run = async (action: () => Promise<{ status: boolean; message: string }>, done: string) => {
    try {
      const reply = await action();
      if (!reply.status) return void toast.error(reply.message);
      toast.success(done);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <li className="rounded-md bg-white p-3 text-sm" data-correction={c.id} data-status={c.status}>
      <p>
        <span className="font-semibold">{t(`correction.fields.${c.field}`)}</span>:{' '}
        <span className="font-mono">{c.value}</span>
      </p>
      <p className="text-muted">
        {t('approval.proposedBy', { name: c.proposed_by.name, date: new Date(c.proposed_at).toLocaleString() })} ·{' '}
        {c.note}
      </p>
      {c.status === 'proposed' ? (
        c.mine ? (
          <p className="mt-1 text-muted">{t('approval.awaitingSecond')}</p>
        ) : (
          <div className="mt-2 flex gap-2">
            <Button
              className="!w-auto px-3 py-1"
              loading={decide.isPending}
              onClick={() =>
                void run(() => decide.mutateAsync({ correction: c.id, decision: 'approve' }), t('approval.approved'))
              }
            >
              {t('approval.approve')}
            </Button>
            <Button
              variant="secondary"
              className="!w-auto px-3 py-1"
              loading={decide.isPending}
              onClick={() =>
                void run(() => decide.mutateAsync({ correction: c.id, decision: 'reject' }), t('approval.rejected'))
              }
            >
              {t('approval.reject')}
            </Button>
          </div>
        )
      ) : (
        <form
          noValidate
          className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => verify.mutateAsync({ correction: c.id, otp: otp.trim() }), t('approval.applied'));
          }}
        >
          <TextField
            label={t('approval.otp')}
            hint={t('approval.otpHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(e) => setOtp(e.target.value)}
          />
          <Button type="submit" className="!w-auto self-end px-3 py-1" loading={verify.isPending}>
            {t('approval.verify')}
          </Button>
        </form>
      )}
    </li>
  );
}
