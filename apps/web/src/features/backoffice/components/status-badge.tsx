import type { ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import { useTranslation } from '../../../i18n/use-translation';

const STATUS_STYLE: Record<ApplicationStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  Approved: 'bg-sky-100 text-sky-900',
  Rejected: 'bg-red-100 text-danger',
  Completed: 'bg-green-100 text-success',
  'In progress': 'bg-slate-200 text-slate-800',
  Closed: 'bg-slate-700 text-white',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('backoffice');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

const ACTIVITY_STYLE = {
  Accept: 'bg-green-100 text-success',
  Pending: 'bg-amber-100 text-amber-900',
  Reject: 'bg-red-100 text-danger',
  none: 'bg-slate-200 text-slate-800',
} as const;

export function ActivityBadge({ activity }: { activity: 'Accept' | 'Pending' | 'Reject' | null }) {
  const { t } = useTranslation('backoffice');
  const key = activity ?? 'none';
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${ACTIVITY_STYLE[key]}`}>
      {t(`activity.${key}`)}
    </span>
  );
}
