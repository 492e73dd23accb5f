/**
 * The web's translator (src/i18n/translator.ts) as a page uses it: a namespace downloaded before
 * the page shows, the English text where a language lacks a key, plurals by the language's rules,
 * values filled in, and a change of language shown once its catalogue is there.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { i18n } from '../src/i18n/translator';
import { useTranslation } from '../src/i18n/use-translation';

afterEach(cleanup);

const CATALOGUES: Record<string, Record<string, Record<string, unknown>>> = {
  en: {
    demo: {
      title: 'Welcome',
      only: 'English only',
      left_one: '{{count}} try left',
      left_other: '{{count}} tries left',
    },
    extra: { nested: { hello: 'Hello {{name}}' }, list: ['a {{x}}', 'b'] },
  },
  hi: { demo: { title: 'स्वागत', left_one: '{{count}} प्रयास बाकी', left_other: '{{count}} प्रयास बाकी हैं' }, extra: {} },
};

/** A loader that answers when told to, so that a test sees the page wait for it. */
function heldLoader() {
  const waiting: Array<() => void> = [];
  return {
    load: (language: string, namespace: string) =>
      new Promise<Record<string, unknown>>((resolve) =>
        waiting.push(() => resolve(CATALOGUES[language]?.[namespace] ?? {})),
      ),
    release: () => waiting.splice(0).forEach((answer) => answer()),
  };
}

function Page({ count }: { count: number }) {
  const { t } = useTranslation(['demo', 'extra']);
  const list = t('list', { returnObjects: true, x: 1 }) as string[];
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{t('only')}</p>
      <p>{t('left', { count })}</p>
      <p>{t('extra:nested.hello', { name: 'Asha' })}</p>
      <p>{list.join(' / ')}</p>
      <p>{t('missing', { defaultValue: 'Fallback {{count}}', count })}</p>
    </div>
  );
}

it('waits for the catalogues, then shows the texts with values and plurals', async () => {
  const loader = heldLoader();
  i18n.init({ lng: 'en', load: loader.load });
  // a suspended render is waited for inside an awaited act (React's rule for tests)
  await act(async () =>
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page count={2} />
      </Suspense>,
    ),
  );
  expect(screen.getByText('Loading')).toBeTruthy();
  await act(async () => loader.release());
  expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
  expect(screen.getByText('2 tries left')).toBeTruthy();
  expect(screen.getByText('Hello Asha')).toBeTruthy();
  expect(screen.getByText('a 1 / b')).toBeTruthy();
  expect(screen.getByText('Fallback 2')).toBeTruthy();
});

it('shows Hindi by Hindi plural rules (0 is one), English where Hindi lacks a key', async () => {
  i18n.init({ lng: 'hi', resources: CATALOGUES });
  render(<Page count={0} />);
  expect(screen.getByRole('heading', { name: 'स्वागत' })).toBeTruthy();
  expect(screen.getByText('0 प्रयास बाकी')).toBeTruthy();
  expect(screen.getByText('English only')).toBeTruthy();
});

it('changes language once the new catalogues are downloaded, without a loading screen', async () => {
  const loader = heldLoader();
  i18n.init({ lng: 'en', load: loader.load });
  await act(async () =>
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page count={1} />
      </Suspense>,
    ),
  );
  await act(async () => loader.release());
  expect(await screen.findByText('1 try left')).toBeTruthy();
  let changed!: Promise<void>;
  act(() => {
    changed = i18n.changeLanguage('hi');
  });
  // the English page stays while Hindi downloads
  expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
  await act(async () => {
    loader.release();
    await changed;
  });
  expect(screen.getByRole('heading', { name: 'स्वागत' })).toBeTruthy();
  expect(screen.getByText('1 प्रयास बाकी')).toBeTruthy();
  expect(i18n.language).toBe('hi');
});
