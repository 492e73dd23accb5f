/** The review queue's bulk acceptance, confirmed in a dialog that names each selected application. */
import type { QueueItem } from '@ekyc/contracts/calls/backoffice-queue';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';

interface BulkAcceptDialogProps {
  open: boolean;
  items: QueueItem[];
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function BulkAcceptDialog({ open, items, pending, onClose, onConfirm }: BulkAcceptDialogProps) {
  const { t } = useTranslation(['operations', 'backoffice']);
  return (
    <Modal open={open} title={t('queue.bulkTitle', { count: items.length })} onClose={onClose}>
      <p className="mb-2">{t('queue.bulkBody')}</p>
      <ul className="mb-3 list-disc pl-5 text-sm">
        {items.map((i) => (
          <li key={i.id}>{i.name ?? i.mobile}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('backoffice:cancel')}
        </Button>
        <Button loading={pending} onClick={onConfirm}>
          {t('queue.bulkConfirm')}
        </Button>
      </div>
    </Modal>
  );
}
