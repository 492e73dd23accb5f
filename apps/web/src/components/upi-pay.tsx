/**
 * A UPI reverse penny drop's payment prompt: a phone opens its UPI app from the upi://pay link, a
 * desktop shows the QR to scan with the phone. Used by the journey's bank step and the client area.
 */
export function UpiPayPrompt({
  upiLink,
  qr,
  openLabel,
  qrAlt,
}: {
  upiLink: string;
  qr?: string;
  openLabel: string;
  qrAlt: string;
}) {
  const touch = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <div className="mb-4 flex flex-col items-center gap-3">
      {touch ? (
        <a href={upiLink} className="rounded-lg bg-brand px-4 py-3 font-semibold text-white">
          {openLabel}
        </a>
      ) : (
        qr && <img src={qr} alt={qrAlt} width={220} height={220} className="rounded bg-white p-2" />
      )}
    </div>
  );
}
