import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useApproveApplication } from '../api/approve-application';
import { useMe } from '../api/get-me';

/**
 * After every stage is accepted: the checker confirms the approval (the applicant reads
 * Approved); the registrations panel follows it to Completed. With four eyes on, a reviewer, and
 * the staff who accepted the stages, see who must act instead of the button.
 */
export function ApprovalPanel({ application }: { application: ApplicationData }) {
  const { t } = useTranslation(['backoffice', 'operations']);
  const approve = useApproveApplication(application.id);
  const [asking, setAsking] = useState(false);
  const me = useMe(true).data;
  const { step, can_act: canAct, makers, four_eyes: fourEyes } = application.approval;
  if (step !== 'confirm') return null;

  const run = async () => {
    try {
      const reply = await approve.mutateAsync(step);
      if (reply.status) toast.success(t('approval.confirmed'));
      else toast.error(reply.message);
      setAsking(false);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="approval-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="approval">
      <h2 id="approval-heading" className="mb-2 text-lg font-bold">
        {t('approval.heading')}
      </h2>
      <p className="mb-3 text-sm">{t('approval.allAccepted', { makers: makers.join(', ') || '—' })}</p>
      {canAct ? (
        <Button
          className="!w-auto px-4 py-2"
          loading={approve.isPending}
          // a colleague holds the application: the claim bar says who
          disabled={Boolean(application.claim && !application.claim.mine)}
          onClick={() => setAsking(true)}
        >
          {t('approval.confirm')}
        </Button>
      ) : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
          {fourEyes && me?.role === 'reviewer' ? t('approval.checkerOnly') : t('approval.fourEyes')}
        </p>
      )}
      {/* Explicit: the checker is asked once more before the applicant is told. */}
      {asking && (
        <Modal open title={t('operations:approval.askConfirm')} onClose={() => setAsking(false)}>
          <p className="mb-3">{t('operations:approval.askConfirmBody')}</p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('cancel')}
            </Button>
            <Button loading={approve.isPending} onClick={() => void run()}>
              {t('operations:approval.yesConfirm')}
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
