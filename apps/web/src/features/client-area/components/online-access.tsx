/**
 * The voluntary freeze of online access: asked once more before it is done (it stops trading at
 * once), confirmed on screen; the unfreeze verifies the client again with an OTP.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { OtpInput } from '../../../components/otp-input';
import { ApiError } from '../../../lib/api-client';
import { useMessage } from '../../../lib/use-message';
import { sendUnfreezeOtp, useFreezeOnlineAccess, useUnfreezeOnlineAccess } from '../api/freeze-online-access';

export function OnlineAccess({ frozen, since }: { frozen: boolean; since: string | null }) {
  const { t, i18n } = useTranslation('client-area');
  const msg = useMessage();
  const freeze = useFreezeOnlineAccess();
  const unfreeze = useUnfreezeOnlineAccess();
  const [confirming, setConfirming] = useState(false);
  const [otpSent, setOtpSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const fail = (err: unknown) => setError(msg(err instanceof ApiError ? err : 'somethingWrong'));

  const doFreeze = async () => {
    setError('');
    try {
      await freeze.mutateAsync();
      setConfirming(false);
      setNotice(t('access.frozenDone'));
    } catch (err) {
      fail(err);
    }
  };
  const askOtp = async () => {
    setError('');
    try {
      await sendUnfreezeOtp();
      setOtpSent(true);
    } catch (err) {
      fail(err);
    }
  };
  const doUnfreeze = async () => {
    setError('');
    try {
      const reply = await unfreeze.mutateAsync(otp);
      if (!reply.status) {
        setError(msg(reply));
        return;
      }
      setOtpSent(false);
      setOtp('');
      setNotice(t('access.unfrozenDone'));
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div>
      <p data-testid="access-state" className={frozen ? 'font-semibold text-danger' : ''}>
        {frozen
          ? t('access.frozen', { since: since ? new Date(since).toLocaleString(i18n.language) : '' })
          : t('access.active')}
      </p>
      {notice && (
        <p role="status" className="mt-2 rounded-lg border border-green-300 bg-green-50 p-3 text-sm">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {!frozen && !confirming && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setNotice('');
            setConfirming(true);
          }}
        >
          {t('access.freeze')}
        </Button>
      )}
      {!frozen && confirming && (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="mb-3 text-sm">{t('access.freezeConfirm')}</p>
          <Button onClick={() => void doFreeze()} loading={freeze.isPending}>
            {t('access.freezeYes')}
          </Button>
          <Button variant="link" className="mt-2" onClick={() => setConfirming(false)}>
            {t('access.cancel')}
          </Button>
        </div>
      )}
      {frozen && !otpSent && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setNotice('');
            void askOtp();
          }}
        >
          {t('access.unfreeze')}
        </Button>
      )}
      {frozen && otpSent && (
        <form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            void doUnfreeze();
          }}
        >
          <OtpInput label={t('access.unfreezeOtp')} value={otp} onChange={setOtp} />
          <Button type="submit" loading={unfreeze.isPending} disabled={otp.length !== 6}>
            {t('access.unfreezeVerify')}
          </Button>
        </form>
      )}
    </div>
  );
}
