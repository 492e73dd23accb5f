import { useEffect, useState } from 'react';

/** A QR code of a URL, drawn as SVG (the encoder is loaded only when a code is shown). */
export function QrCode({ value, label, size = 168 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="inline-flex rounded-lg bg-white p-2 shadow-sm" style={{ width: size + 16, height: size + 16 }}>
      {src ? (
        <img src={src} alt={label} width={size} height={size} data-qr-value={value} />
      ) : (
        <span role="img" aria-label={label} className="block h-full w-full animate-pulse rounded bg-slate-100" />
      )}
    </div>
  );
}
