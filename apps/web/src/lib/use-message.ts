/** Validation messages are the spec's English text; other languages translate them by key. */
import { MSG } from '@ekyc/contracts/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const keyByText = new Map<string, string>(Object.entries(MSG).map(([k, v]) => [v, k]));

export function useMessage() {
  const { t } = useTranslation('messages');
  return useCallback(
    (text: string | undefined) => {
      if (!text) return '';
      const key = keyByText.get(text);
      return key ? t(key, { defaultValue: text }) : text;
    },
    [t],
  );
}
