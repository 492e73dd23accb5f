/**
 * '/bank-and-segment/nominee': with or without nominees (section 2). Skipping posts
 * skip_nominee true and goes to segment; the skipped state is shown, and nominees can be added later.
 */
import { DEFAULT_MAX_NOMINEES } from '@ekyc/contracts/constants';
import { ROUTE, STAGE, STAGES } from '@ekyc/contracts/stages';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/button';
import { PageLoader } from '../../../components/spinner';
import { appPath, useScreenNavigate } from '../../../lib/navigation';
import { useMessage } from '../../../lib/use-message';
import { useStageAction } from '../../../lib/use-stage-action';
import { useUserDetails } from '../../../lib/user-details';
import { useNomineeConfig } from '../api/get-nominee-config';
import { useUpdateNominee } from '../api/update-nominee';
import { OptOutPanel } from '../components/opt-out-panel';
import { useState } from 'react';

export default function NomineePage() {
  const { t } = useTranslation('nominee');
  const msg = useMessage();
  const navigate = useNavigate();
  const go = useScreenNavigate();
  const { details, stage } = useUserDetails();
  const save = useUpdateNominee();
  const saveNominees = useStageAction(save.mutateAsync);
  const config = useNomineeConfig();
  const [optingOut, setOptingOut] = useState(false);
  if (!details) return <PageLoader label={t('common:loading')} />;

  const stored = details.nominee_obj;
  const addPath = appPath(ROUTE.addNominee);
  const done = stored.is_object && (stage ?? 0) > STAGE.NOMINEE;

  const skip = async (codes?: { mobile_otp: string; email_otp: string }) => {
    await saveNominees({ skip_nominee: true, ...(codes && { opt_out_otp: codes }) });
  };

  if (optingOut)
    return (
      <OptOutPanel
        config={config.data}
        saving={save.isPending}
        onConfirm={(codes) => void skip(codes)}
        onCancel={() => setOptingOut(false)}
      />
    );

  if (stored.is_object && stored.skip_nominee) {
    return (
      <div>
        <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 font-semibold text-ink">
          {msg('nomineeSkipped')}
        </p>
        <p className="mb-4 text-muted">{t('addLater')}</p>
        <Button variant="secondary" className="mb-3" onClick={() => navigate(addPath)}>
          {t('addNominee')}
        </Button>
        {done ? (
          <Button onClick={() => go(STAGES[STAGE.SEGMENT].route)}>{t('common:next')}</Button>
        ) : (
          // Back at the nominee stage (a reviewer sent it back): the choice can be made again.
          <Button loading={save.isPending} onClick={() => setOptingOut(true)}>
            {t('skip')}
          </Button>
        )}
      </div>
    );
  }

  if (stored.is_object && stored.nominee_list?.length) {
    return (
      <div>
        <ul className="mb-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {stored.nominee_list.map((n, i) => (
            <li key={i} className="flex justify-between gap-2 px-4 py-3">
              <span>
                <span className="font-semibold">{`${n.first_name} ${n.last_name}`.trim()}</span>
                <span className="block text-sm text-muted">
                  {t(`relations.${n.nominee_relation}`)}
                  {n.is_minor && ` · ${t('minorWithGuardian', { name: n.gaurdian_name })}`}
                </span>
              </span>
              <span className="font-semibold">{n.percentage_share}%</span>
            </li>
          ))}
        </ul>
        <Button variant="secondary" className="mb-3" onClick={() => navigate(addPath)}>
          {t('editNominees')}
        </Button>
        {done && <Button onClick={() => go(STAGES[STAGE.SEGMENT].route)}>{t('common:next')}</Button>}
      </div>
    );
  }

  return (
    <div>
      <p className="mb-4 text-muted">{t('intro', { count: config.data?.max_nominees ?? DEFAULT_MAX_NOMINEES })}</p>
      <Button className="mb-3" onClick={() => navigate(addPath)}>
        {t('addNominee')}
      </Button>
      <Button variant="secondary" loading={save.isPending} onClick={() => setOptingOut(true)}>
        {t('skip')}
      </Button>
    </div>
  );
}
