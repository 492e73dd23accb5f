/**
 * The KYC-app controls of the selfie step: the random action the server chose for this attempt, and
 * the consent to share the device's location (a selfie without it goes to a reviewer).
 */
import type { GetHypervegeTokenData } from '@ekyc/contracts/calls/get-hypervege-token';
import type { UploadLivelinessRequest } from '@ekyc/contracts/calls/upload-liveliness';
import { useTranslation } from '../../../i18n/use-translation';

export function ActionPrompt({
  action,
  kinds,
  onAnother,
  asking,
}: {
  action: GetHypervegeTokenData['action'];
  /** The kinds the broker allows: with two or more, the applicant may ask for another. */
  kinds?: GetHypervegeTokenData['actions'];
  onAnother: (kind: NonNullable<GetHypervegeTokenData['action']>['kind']) => void;
  asking: boolean;
}) {
  const { t } = useTranslation('selfie');
  if (!action) return null;
  const other = kinds?.find((k) => k !== action.kind);
  return (
    <div className="mb-3 rounded-lg bg-blue-50 p-3 text-center">
      <p role="status" data-testid="random-action" className="font-semibold text-ink">
        {action.kind === 'read_code' ? (
          <>
            {t('actionReadCode')} {/* digit by digit, so that a screen reader reads each one */}
            <span className="font-mono text-lg tracking-widest" aria-label={action.code?.split('').join(' ')}>
              {action.code}
            </span>
          </>
        ) : action.direction === 'left' ? (
          t('actionTurnLeft')
        ) : (
          t('actionTurnRight')
        )}
      </p>
      {other && (
        <button
          type="button"
          disabled={asking}
          onClick={() => onAnother(other)}
          className="mt-1 inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand underline disabled:opacity-50"
        >
          {t(other === 'read_code' ? 'anotherReadCode' : 'anotherTurnHead')}
        </button>
      )}
    </div>
  );
}

export function LocationConsent({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('selfie');
  return (
    <label className="mb-3 flex items-start gap-2 text-sm text-ink">
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 accent-brand"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {t('locationConsent', {
        defaultValue:
          'I agree to share my device location for this KYC (it must be done from within India; without it, my selfie is checked by a reviewer).',
      })}
    </label>
  );
}

/** The device's position when the applicant agreed; { consent: false } otherwise or when it cannot be read. */
export function readLocation(consent: boolean): Promise<NonNullable<UploadLivelinessRequest['location']>> {
  if (!consent || typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve({ consent });
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          consent: true,
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          accuracy: p.coords.accuracy,
          captured_at: new Date(p.timestamp).toISOString(),
        }),
      () => resolve({ consent: true }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    ),
  );
}
