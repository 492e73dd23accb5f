/** Who holds the application: claim, release, or (admins) assign to a colleague. */
import type { ApplicationData } from '@ekyc/contracts/calls/backoffice-application';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useMe } from '../api/get-me';
import { useClaimAction, useReviewers } from '../api/operations';

export function ClaimBar({ application }: { application: ApplicationData }) {
  const { t } = useTranslation('operations');
  const me = useMe(true).data;
  const action = useClaimAction(application.id);
  const reviewers = useReviewers();
  const [target, setTarget] = useState('');
  const claim = application.claim ?? null;
  const run = async (a: Parameters<typeof action.mutateAsync>[0], done: string) => {
    try {
      await action.mutateAsync(a);
      toast.success(t(done));
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const time = claim ? new Date(claim.expires_at).toLocaleTimeString('en-IN', { timeStyle: 'short' }) : '';
  return (
    <section
      aria-label={t('claim.claim')}
      data-testid="claim-bar"
      className={`flex flex-wrap items-center gap-2 rounded-xl p-3 shadow-sm ${claim && !claim.mine ? 'bg-amber-50' : 'bg-white'}`}
    >
      <p role="status" className="font-semibold">
        {claim
          ? claim.mine
            ? t('claim.heldByYou', { time })
            : t('claim.heldBy', { name: claim.name })
          : t('claim.free')}
      </p>
      <span className="ml-auto flex flex-wrap items-center gap-2">
        {!claim && (
          <button
            type="button"
            disabled={action.isPending}
            onClick={() => void run({ kind: 'claim' }, 'claim.claimed')}
            className="rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-50"
          >
            {t('claim.claim')}
          </button>
        )}
        {claim && (claim.mine || me?.role === 'admin' || me?.role === 'supervisor') && (
          <button
            type="button"
            disabled={action.isPending}
            onClick={() => void run({ kind: 'release' }, 'claim.released')}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold disabled:opacity-50"
          >
            {t('claim.release')}
          </button>
        )}
        {(me?.role === 'admin' || me?.role === 'supervisor') && (
          <>
            <label htmlFor="assign-to" className="text-sm font-semibold">
              {t('claim.assign')}
            </label>
            <select
              id="assign-to"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="" />
              {(reviewers.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              disabled={!target || action.isPending}
              onClick={() => void run({ kind: 'assign', staffId: target }, 'claim.assigned')}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold disabled:opacity-50"
            >
              {t('claim.assignButton')}
            </button>
          </>
        )}
      </span>
    </section>
  );
}
