/** The funnel's reminders: per step applicants stopped at, how many were reminded by SMS and came back. */
import type { FunnelData } from '@ekyc/contracts/calls/backoffice-funnel';
import { useTranslation } from '../../../i18n/use-translation';

export function ReminderReturns({ rows }: { rows: NonNullable<FunnelData['reminders']> }) {
  const { t } = useTranslation(['backoffice-reports', 'backoffice']);
  return (
    <section aria-labelledby="reminder-returns-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="reminder-returns-heading" className="mb-2 font-bold">
        {t('reminders.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">{t('reminders.none')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="border-b px-2 py-1">
                {t('reminders.step')}
              </th>
              <th scope="col" className="border-b px-2 py-1">
                {t('reminders.reminded')}
              </th>
              <th scope="col" className="border-b px-2 py-1">
                {t('reminders.cameBack')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.stage} className="border-b border-slate-100">
                <th scope="row" className="px-2 py-1 font-semibold">
                  {t(`backoffice:stages.${r.stage}`)}
                </th>
                <td className="px-2 py-1 tabular-nums">{r.reminded}</td>
                <td className="px-2 py-1 tabular-nums">
                  {r.came_back} ({r.reminded ? Math.round((r.came_back / r.reminded) * 100) : 0}%)
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
