/** The applicant's nominees as buttons, one a nominee: the one being edited is current, one with an error says so. */
import { useTranslation } from '../../../i18n/use-translation';

export interface NomineeTab {
  name: string;
  complete: boolean;
  hasErrors: boolean;
}

export function NomineeTabs({
  tabs,
  current,
  onShow,
}: {
  tabs: NomineeTab[];
  current: number;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation('nominee');
  return (
    <nav aria-label={t('nomineesNav')} className="mb-3">
      <ol className="flex flex-wrap gap-2">
        {tabs.map((tab, i) => {
          const state = tab.hasErrors ? t('slotHasErrors') : tab.complete ? t('complete') : '';
          const look =
            i === current
              ? 'border-brand bg-brand text-white'
              : tab.hasErrors
                ? 'border-danger bg-white text-danger'
                : 'border-slate-500 bg-white text-ink';
          return (
            <li key={i}>
              <button
                type="button"
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onShow(i)}
                className={`flex min-h-11 min-w-11 max-w-40 items-center justify-center gap-1 rounded-full border-2 px-3 text-sm font-semibold ${look}`}
              >
                <span aria-hidden="true" className="truncate">
                  {i + 1}
                  {tab.name && ` ${tab.name.split(' ')[0]}`}
                </span>
                {tab.hasErrors && (
                  <span aria-hidden="true" className="rounded-full bg-danger px-1.5 text-white">
                    !
                  </span>
                )}
                {!tab.hasErrors && tab.complete && <span aria-hidden="true">✓</span>}
                <span className="sr-only">
                  {[t('nomineeOf', { n: i + 1, count: tabs.length }), tab.name, state].filter(Boolean).join(', ')}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
