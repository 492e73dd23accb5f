/**
 * My account's KYC panel: the KRA's status of the client's KYC and what to do. When the KRA asks for
 * a re-KYC, the client starts one and is taken to DigiLocker's consent page to fetch their details.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { returnFromDigilockerTo } from '../../../lib/digilocker-return';
import { useMessage } from '../../../lib/use-message';
import { useClientKyc } from '../api/get-client-kyc';
import { useStartRekyc } from '../api/start-rekyc';

export function KycStatus() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const kyc = useClientKyc();
  const start = useStartRekyc();
  const [error, setError] = useState('');
  if (!kyc.data) return null;
  const k = kyc.data;
  const begin = async () => {
    setError('');
    try {
      const reply = await start.mutateAsync();
      if (reply.status) {
        // DigiLocker returns to the journey's redirect, which hands the return on to this request's page
        returnFromDigilockerTo(`/my-account/rekyc/${reply.data.request.id}`);
        window.location.assign(reply.data.url);
      } else setError(reply.message);
    } catch (err) {
      setError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };
  return (
    <div data-testid="kyc-status">
      {k.kra_status && <p className="mb-1 text-sm text-muted">{t('kyc.status', { status: k.kra_status })}</p>}
      <p className={k.action === 'rekyc' ? 'mb-2 font-semibold text-danger' : 'mb-2'}>{t(`kyc.${k.action}`)}</p>
      {k.action === 'rekyc' && (
        <Button onClick={() => void begin()} loading={start.isPending}>
          {t('kyc.start')}
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
