/**
 * The DDPI signed on its own, after the form: an applicant who chose DDPI in the demat step reads
 * its purposes and signs its document with Aadhaar OTP in a popup, a transaction apart from the
 * form's. Optional: the account opens without it, and the depository is told of a DDPI only once
 * it is signed.
 */
import { ESIGN_POPUP } from '@ekyc/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useMessage } from '../../../lib/use-message';
import { useDdpi, useStartDdpiSigning } from '../api/ddpi';

export function DdpiCard() {
  const { t } = useTranslation('status');
  const msg = useMessage();
  const [signing, setSigning] = useState(false);
  const ddpi = useDdpi(signing);
  const start = useStartDdpiSigning();
  const [error, setError] = useState('');
  const data = ddpi.data;
  useEffect(() => {
    if (data?.signed) setSigning(false);
  }, [data?.signed]);
  if (!data?.chosen || !data.form_signed) return null;

  const sign = async () => {
    setError('');
    const win = window.open(
      '',
      'aadhaar-esign',
      `width=${ESIGN_POPUP.width},height=${ESIGN_POPUP.height},resizable=yes,scrollbars=yes`,
    );
    if (!win) return setError(msg('allowPopupsAlert'));
    try {
      const reply = await start.mutateAsync();
      if (!reply.status) throw new ApiError(reply.message, 200, reply.data);
      win.document.open();
      win.document.write(`<!doctype html><title>Aadhaar eSign</title><body>${reply.data.api_response}</body>`);
      win.document.close();
      (win.document.getElementById('esign-form') as HTMLFormElement | null)?.submit();
      setSigning(true);
    } catch (err) {
      win.close();
      setError(msg(err instanceof ApiError ? err : 'esignError'));
    }
  };

  return (
    <section
      aria-labelledby="ddpi-heading"
      data-testid="ddpi-card"
      className="w-full rounded-lg border border-slate-300 bg-white p-3 text-left text-sm text-ink"
    >
      <h3 id="ddpi-heading" className="font-semibold">
        {t('ddpi.heading')}
      </h3>
      {data.signed ? (
        <p role="status" className="mt-1">
          {t('ddpi.signed')}{' '}
          {data.signed_document && (
            <a href={data.signed_document} target="_blank" rel="noreferrer" className="text-brand underline">
              {t('ddpi.download')}
            </a>
          )}
        </p>
      ) : (
        <>
          <p className="mt-1">{t('ddpi.intro')}</p>
          <ol className="my-2 list-decimal pl-5">
            {data.purposes.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
          {signing && (
            <p role="status" className="mb-2">
              {t('ddpi.signing')}
            </p>
          )}
          {error && (
            <p role="alert" className="mb-2 text-danger">
              {error}
            </p>
          )}
          <Button loading={start.isPending} onClick={() => void sign()}>
            {t('ddpi.sign')}
          </Button>
        </>
      )}
    </section>
  );
}
