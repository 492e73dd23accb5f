import { useTranslation } from '../../../i18n/use-translation';

const TIPS = ['faceVisible', 'lighting', 'phoneHeight', 'noCap', 'noMask', 'eyesOpen'] as const;
const ICONS: Record<(typeof TIPS)[number], string> = {
  faceVisible: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  lighting:
    'M12 3v2m0 14v2m9-9h-2M5 12H3m15.4-6.4-1.4 1.4M7 17l-1.4 1.4m12.8 0L17 17M7 7 5.6 5.6M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  phoneHeight: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Zm3 17h2',
  noCap: 'M4 15a8 8 0 0 1 16 0H4Zm-1 0h18M4 4l16 16',
  noMask: 'M4 10h16v4a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4v-4Zm0 0 2-3m14 3-2-3M4 4l16 16',
  eyesOpen: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12Zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
};

/** The six tips of section 2, in a grid. */
export function SelfieTips() {
  const { t } = useTranslation('selfie');
  return (
    <section aria-labelledby="selfie-tips-title" className="mb-4">
      <h2 id="selfie-tips-title" className="mb-2 text-sm font-semibold text-ink">
        {t('tipsTitle')}
      </h2>
      <ul className="grid grid-cols-3 gap-2">
        {TIPS.map((tip) => (
          <li
            key={tip}
            className="flex flex-col items-center gap-1 rounded-lg bg-white p-2 text-center text-xs text-ink shadow-sm"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6 fill-none stroke-brand stroke-2">
              <path d={ICONS[tip]} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t(`tips.${tip}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
