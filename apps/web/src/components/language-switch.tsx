import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { useTranslation } from '../i18n/use-translation';
import { setLanguage } from '../i18n';

export function LanguageSwitch() {
  const { i18n, t } = useTranslation('common');
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('language')}</span>
      <select
        value={i18n.language}
        onChange={(e) => void setLanguage(e.target.value as Language)}
        className="min-h-11 max-w-full rounded-md border border-white/60 bg-transparent px-2 py-2 text-sm text-inherit [&>option]:text-ink"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
