/**
 * The re-KYC's return from DigiLocker (/my-account/rekyc/:id): DigiLocker comes back to the one
 * registered redirect, which hands its code and state on here (lib/digilocker-return.ts). They are
 * posted once (the state is single use); the draft, with the e-Aadhaar's details, is then signed with
 * Aadhaar eSign (components/sign-request.tsx).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoader } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import { useMessage } from '../../../lib/use-message';
import { useReceiveRekycDigilocker } from '../api/receive-rekyc-digilocker';
import { SignRequest } from '../components/sign-request';

export default function RekycPage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const receive = useReceiveRekycDigilocker();
  const handled = useRef(false);
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);
  const [error, setError] = useState('');
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (!code || !state) return setError(t('rekyc.failed'));
    receive
      .mutateAsync({ id, code, state })
      .then((reply) => {
        if (reply.status && reply.data.request) setDraft(reply.data.request);
        else setError(reply.data.reason === 'name_mismatch' ? msg(reply) : t('rekyc.failed'));
      })
      .catch((err: unknown) => setError(msg(err instanceof ApiError ? err : 'somethingWrong')));
  }, [id, code, state, receive, msg, setParams, t]);

  if (draft) return <SignRequest heading={t('rekyc.heading')} draft={draft} testId="rekyc-signed" />;
  if (!error) return <PageLoader label={t('rekyc.fetching')} />;
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <h1 className="mb-3 text-xl font-bold">{t('rekyc.heading')}</h1>
      <p role="alert" className="mb-4 text-sm text-danger">
        {error}
      </p>
      <Link to="/my-account" className="font-semibold text-brand underline">
        {t('nomination.back')}
      </Link>
    </div>
  );
}
