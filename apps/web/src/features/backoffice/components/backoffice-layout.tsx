import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Navigate, NavLink, Outlet, useLocation } from '../../../lib/router';
import { LanguageSwitch } from '../../../components/language-switch';
import { PageLoader } from '../../../components/spinner';
import { useMe } from '../api/get-me';
import { useLogOut } from '../api/log-out';
import { useStaffToken } from '../api/staff-client';

const ChangePasswordPage = lazy(() => import('../pages/change-password-page'));

const link = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-white/20 text-white' : 'text-white/85 hover:bg-white/10'}`;

/** Signed-in staff only: the header with navigation (staff pages for admins) and the page below. */
export function BackofficeLayout() {
  const { t } = useTranslation([
    'backoffice',
    'registrations',
    'operations',
    'assisted',
    'backoffice-reports',
    'service-requests',
    'backoffice-reasons',
  ]);
  const token = useStaffToken();
  const location = useLocation();
  const me = useMe(Boolean(token));
  const logOut = useLogOut();
  if (!token) return <Navigate to="/backoffice/login" replace state={{ from: location.pathname + location.search }} />;
  const staff = me.data;
  return (
    <div className="min-h-dvh">
      <header className="bg-brand text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
          <span className="mr-2 font-bold">{t('title')}</span>
          <nav aria-label={t('nav.label')} className="flex flex-wrap gap-1">
            <NavLink to="/backoffice/" end className={link}>
              {t('nav.queue')}
            </NavLink>
            <NavLink to="/backoffice/service-requests" className={link}>
              {t('service-requests:nav')}
            </NavLink>
            <NavLink to="/backoffice/not-tradable" className={link}>
              {t('registrations:queue.nav')}
            </NavLink>
            <NavLink to="/backoffice/funnel" className={link}>
              {t('nav.funnel')}
            </NavLink>
            <NavLink to="/backoffice/awaiting-confirmation" className={link}>
              {t('operations:flow.nav')}
            </NavLink>
            <NavLink to="/backoffice/team" className={link}>
              {t('operations:team.nav')}
            </NavLink>
            <NavLink to="/backoffice/reports" className={link}>
              {t('backoffice-reports:nav')}
            </NavLink>
            <NavLink to="/backoffice/assisted-kyc" className={link}>
              {t('assisted:backoffice.nav')}
            </NavLink>
            {staff?.role === 'admin' && (
              <>
                <NavLink to="/backoffice/staff" end className={link}>
                  {t('nav.staff')}
                </NavLink>
                <NavLink to="/backoffice/staff/audit" className={link}>
                  {t('nav.staffAudit')}
                </NavLink>
                <NavLink to="/backoffice/privacy" className={link}>
                  {t('nav.privacy')}
                </NavLink>
                <NavLink to="/backoffice/reasons" className={link}>
                  {t('backoffice-reasons:nav')}
                </NavLink>
              </>
            )}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {staff && (
              <span className="hidden text-sm text-white/85 sm:inline">
                {t('nav.signedInAs', { name: staff.name, role: t(`staff.roles.${staff.role}`) })}
              </span>
            )}
            <NavLink to="/backoffice/account" className={link}>
              {t('nav.account')}
            </NavLink>
            <LanguageSwitch />
            <button
              type="button"
              onClick={() => logOut.mutate()}
              className="rounded-md border border-white/50 px-3 py-1 text-sm font-semibold hover:bg-white/10"
            >
              {t('nav.signOut')}
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-3 py-4 sm:px-4">
        <Suspense fallback={<PageLoader label={t('loading')} />}>
          {me.isPending ? (
            <PageLoader label={t('loading')} />
          ) : staff?.password_change_required ? (
            <ChangePasswordPage />
          ) : (
            <Outlet />
          )}
        </Suspense>
      </main>
    </div>
  );
}
