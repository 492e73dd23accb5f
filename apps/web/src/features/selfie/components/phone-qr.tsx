import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/** Where no camera exists: continue on a phone (sign in there with the same mobile number). */
export function PhoneQr({ url }: { url: string }) {
  const { t } = useTranslation('selfie');
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void QRCode.toString(url, { type: 'svg', margin: 1, width: 180 }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section aria-labelledby="phone-qr-title" className="rounded-lg border border-slate-200 bg-white p-4 text-center">
      <h2 id="phone-qr-title" className="mb-1 font-semibold">
        {t('noCameraTitle')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('noCameraText')}</p>
      {svg && (
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
          alt={t('qrAlt')}
          width={180}
          height={180}
          className="mx-auto"
        />
      )}
    </section>
  );
}
