/**
 * The evidence that must agree, side by side: every name against the PAN name with the agreeing
 * words in green and the differing words in red, the score, threshold and verdict; the dates of
 * birth of each source; the selfie beside the Aadhaar photo with the face match's value,
 * threshold and verdict.
 */
import type { Evidence } from '@ekyc/contracts/calls/backoffice-operations';
import { useTranslation } from '../../../i18n/use-translation';

const RESULT_COLOUR: Record<Evidence['names'][number]['result'], string> = {
  exact: 'bg-green-50 text-success',
  close: 'bg-amber-100 text-amber-800',
  mismatch: 'bg-red-100 text-danger',
  reference: 'bg-slate-100 text-ink',
  not_recorded: 'bg-slate-100 text-muted',
};

export function EvidencePanel({
  evidence,
  selfieUrl,
  aadhaarPhotoUrl,
}: {
  evidence: Evidence;
  selfieUrl: string | null;
  aadhaarPhotoUrl: string | null;
}) {
  const { t } = useTranslation(['operations', 'backoffice']);
  const pill = (word: string, agree: boolean) => (
    <span
      key={`${word}-${agree}`}
      data-word={agree ? 'agree' : 'differ'}
      className={`mr-1 inline-block rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${agree ? 'bg-green-100 text-success' : 'bg-red-100 text-danger'}`}
    >
      {word}
    </span>
  );
  return (
    <section
      aria-labelledby="evidence-heading"
      className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id="evidence-heading" className="mb-1 text-lg font-bold">
          {t('evidence.names')}
        </h2>
        {/* a wide table scrolls in its own region on a phone: reachable and scrollable by keyboard */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="evidence-heading">
          <table className="w-full min-w-[44rem] text-left text-sm" aria-describedby="names-caption">
            <caption id="names-caption" className="mb-1 text-left text-sm text-muted">
              {t('evidence.namesCaption')}
            </caption>
            <thead className="bg-slate-100">
              <tr>
                {(['source', 'name', 'agree', 'differ', 'score', 'threshold', 'verdict'] as const).map((c) => (
                  <th key={c} scope="col" className="p-2">
                    {t(`evidence.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {evidence.names.map((n) => (
                <tr
                  key={n.source}
                  data-name-source={n.source}
                  data-result={n.result}
                  className="border-t border-slate-200"
                >
                  <th scope="row" className="p-2 font-semibold">
                    {t(`evidence.sources.${n.source}`)}
                  </th>
                  <td className="p-2 font-medium">{n.name ?? '—'}</td>
                  <td className="p-2">{n.source === 'pan' ? '' : n.agree.map((w) => pill(w, true))}</td>
                  <td className="p-2">{n.differ.map((w) => pill(w, false))}</td>
                  <td className="p-2 tabular-nums">{n.score ?? '—'}</td>
                  <td className="p-2 tabular-nums">
                    {n.source === 'pan' || n.score === null ? '—' : evidence.name_threshold}
                  </td>
                  <td className="p-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RESULT_COLOUR[n.result]}`}>
                      {t(`evidence.results.${n.result}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <h3 className="mb-1 font-bold">{t('evidence.dobs')}</h3>
          <table className="w-full text-left text-sm">
            <tbody>
              {evidence.dobs.map((d) => (
                <tr key={d.source} data-dob-source={d.source} className="border-t border-slate-200">
                  <th scope="row" className="p-2 font-semibold">
                    {t(`evidence.sources.${d.source}`)}
                  </th>
                  <td className="p-2 font-mono">{d.value ?? '—'}</td>
                  <td className="p-2">
                    {d.agrees === null ? null : d.agrees ? (
                      <span className="text-success">{t('evidence.dobAgrees')}</span>
                    ) : (
                      <span className="font-semibold text-danger">{t('evidence.dobDiffers')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h3 className="mb-1 font-bold">{t('evidence.face')}</h3>
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                ['selfie', selfieUrl],
                ['aadhaarPhoto', aadhaarPhotoUrl],
              ] as const
            ).map(([key, url]) => (
              <figure key={key} className="rounded-lg border border-slate-200 p-2">
                {url ? (
                  <img
                    src={url}
                    alt={t(`backoffice:review.${key}`)}
                    className="h-40 w-full rounded bg-slate-100 object-contain"
                  />
                ) : (
                  <div className="flex h-40 items-center justify-center rounded bg-slate-100 text-sm text-muted">
                    {t('backoffice:review.notRecorded')}
                  </div>
                )}
                <figcaption className="mt-1 text-center text-sm font-semibold">
                  {t(`backoffice:review.${key}`)}
                </figcaption>
              </figure>
            ))}
          </div>
          <p
            data-testid="face-verdict"
            className={`mt-2 text-sm font-semibold ${evidence.face.verdict === 'fail' ? 'text-danger' : evidence.face.verdict === 'pass' ? 'text-success' : 'text-muted'}`}
          >
            {t('evidence.faceValue', {
              value: evidence.face.value ?? '—',
              threshold: evidence.face.threshold ?? '—',
              verdict: t(`evidence.verdicts.${evidence.face.verdict}`),
            })}
          </p>
        </div>
      </div>
    </section>
  );
}
