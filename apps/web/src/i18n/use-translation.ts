/**
 * The pages' t(): useTranslation('signup') (or several namespaces, looked up in their order; the
 * first is 'common' when none is named). A namespace not yet downloaded suspends the page (its
 * Suspense boundary shows the spinner), unless told not to wait (English until it is there); a
 * change of language renders again with the new texts.
 *
 * A catalogue that arrives renders the pages again as a transition, which React does in slices
 * between which the browser runs: a store read with useSyncExternalStore would render them again
 * synchronously, in one long task (the sign-up page's whole first render, when its catalogue is
 * the last thing it waited for).
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { i18n, type TFunction, type Translator } from './translator';

export type { TFunction } from './translator';

export function useTranslation(
  ns: string | readonly string[] = 'common',
  options: { useSuspense?: boolean } = {},
): { t: TFunction; i18n: Translator } {
  const namespaces = typeof ns === 'string' ? [ns] : ns;
  const names = namespaces.join(' ');
  const [version, setVersion] = useState(i18n.version);
  useEffect(() => {
    const update = () => startTransition(() => setVersion(i18n.version()));
    // a catalogue that arrived between this render and now
    update();
    const unsubscribe = i18n.subscribe(update);
    return () => void unsubscribe();
  }, []);
  const pending = i18n.loadNamespaces(namespaces);
  // suspends as React Query and i18next do (use() would have to be called again after the wait,
  // when nothing is pending any more)
  if (pending && options.useSuspense !== false) throw pending;
  const language = i18n.language;
  // a new t when the language or a catalogue changes, so that the callbacks that use it run again
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.fixedT(language, names.split(' ')), [language, names, version]);
  return { t, i18n };
}
