/**
 * '/pan-verification/pan-info': the name on the PAN, whether the PAN is KRA-registered, the KRA
 * address when present, and notes. With KRA data: change the address through DigiLocker, or
 * Confirm the KRA address; otherwise Next goes to the screen the PAN check returned (section 2).
 */
import type { MessageKey } from '@ekyc/contracts/messages';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, useNavigate } from '../../../lib/router';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { appPath, useScreenNavigate } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { useConfirmKraAddress } from '../api/confirm-kra-address';
import { ROUTE } from '@ekyc/contracts/stages';

/** The KRA's three-digit statuses the page explains in the applicant's language. */
const KRA_STATUS_CODES = ['001', '002', '003', '004', '006', '007', '011', '012', '013', '014', '022', '888', '999'];

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="border-b border-slate-100 py-3 last:border-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 break-words font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** KRA statuses that would bar trading: what they mean and what to do (told here, not after e-sign). */
const KRA_BARRED: Partial<Record<string, MessageKey>> = {
  '003': 'kraOnHold',
  '004': 'kraRejected',
  '006': 'kraDeactivated',
};

export default function PanInfoPage() {
  const { t } = useTranslation('pan');
  const msg = useMessage();
  const navigate = useNavigate();
  const go = useScreenNavigate();
  const { stageToMoveFromPan } = useSession();
  const { details, stage, isLoading } = useUserDetails();
  const confirm = useConfirmKraAddress();
  const confirmAddress = useStageAction(confirm.mutateAsync, { quietSuccess: true });
  if (isLoading || !details) return <PageLoader label={t('common:loading')} />;

  const pan = details.pan_obj;
  const kra = details.kra_data_obj;
  if (!pan.is_object) return <Navigate to={appPath(ROUTE.pan)} replace />;
  const hasKra = Boolean(pan.is_kra && kra.is_object && kra.kra_address);
  const next =
    stageToMoveFromPan && stageToMoveFromPan.length > 1
      ? stageToMoveFromPan
      : stage === 140
        ? ROUTE.digilocker
        : undefined;

  const onConfirm = () => void confirmAddress(undefined);

  return (
    <div>
      <dl>
        <Row label={t('nameOnPan')} value={pan.name_on_card ?? ''} />
        <Row label={t('panLabel')} value={pan.pan_number ?? ''} />
        <Row label={t('kraRegistered')} value={hasKra ? t('yes') : t('no')} />
        {kra.is_object && kra.kra_status_code && (
          <Row
            label={t('kraStatus')}
            value={
              KRA_STATUS_CODES.includes(kra.kra_status_code)
                ? t(`kraStatusCode.${kra.kra_status_code}`)
                : (kra.kra_status ?? kra.kra_status_code)
            }
          />
        )}
        {hasKra && <Row label={t('kraAddress')} value={kra.kra_address ?? ''} />}
      </dl>
      {kra.is_object && kra.kra_status_code && KRA_BARRED[kra.kra_status_code] && (
        <p role="status" className="my-4 rounded-lg border border-danger/40 bg-red-50 p-3 text-sm text-ink">
          {msg(KRA_BARRED[kra.kra_status_code])}
        </p>
      )}
      <div className="my-4 rounded-lg bg-amber-50 p-3 text-sm text-ink">
        <p className="font-semibold">{t('notesTitle')}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {hasKra ? <li>{t('noteKra')}</li> : <li>{t('noteDigilocker')}</li>}
          <li>{t('noteDob')}</li>
        </ul>
      </div>
      {hasKra ? (
        <div className="flex flex-col gap-3">
          <Button variant="secondary" onClick={() => navigate(appPath(ROUTE.digilocker))}>
            {t('changeAddress')}
          </Button>
          <Button loading={confirm.isPending} onClick={() => void onConfirm()}>
            {t('common:confirm')}
          </Button>
        </div>
      ) : (
        <Button onClick={() => go(next ?? ROUTE.digilocker)}>{t('common:next')}</Button>
      )}
    </div>
  );
}
