/** The review page's keyboard shortcuts (press ? to show or hide). */
import { useTranslation } from '../../../i18n/use-translation';
import { Modal } from '../../../components/modal';

const KEYS = [
  ['A', 'accept'],
  ['R', 'reject'],
  ['N', 'next'],
  ['C', 'claim'],
  ['?', 'help'],
] as const;

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('operations');
  return (
    <Modal open={open} title={t('shortcuts.title')} onClose={onClose}>
      <dl className="mb-3 grid grid-cols-[3rem_1fr] gap-y-2" data-testid="shortcut-list">
        {KEYS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-100 px-2 py-0.5 font-mono font-semibold">
                {key}
              </kbd>
            </dt>
            <dd>{t(`shortcuts.${what}`)}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={onClose}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold"
      >
        {t('shortcuts.close')}
      </button>
    </Modal>
  );
}
