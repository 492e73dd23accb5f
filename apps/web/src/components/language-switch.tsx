import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@ekyc/contracts/constants';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';

export function LanguageSwitch() {
  const { i18n, t } = useTranslation('common');
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t('language')}</span>
      <select
        value={i18n.language}
        onChange={(e) => void setLanguage(e.target.value as Language)}
        className="rounded-md border border-white/40 bg-transparent px-2 py-1 text-sm text-inherit [&>option]:text-ink"
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
