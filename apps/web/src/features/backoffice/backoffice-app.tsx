/**
 * The back office at /backoffice/*: staff sign-in, the review queue, one application's review
 * and audit trail, staff administration and the onboarding funnel. Each page is its own chunk.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '../../lib/router';
import { PageLoader } from '../../components/spinner';
import { BackofficeLayout } from './components/backoffice-layout';
import { addCatalogues } from '../../i18n';
import { backofficeCatalogues } from '../../i18n/backoffice-catalogues';

// the back office's catalogues are known before its first page asks for one
addCatalogues(backofficeCatalogues);

const LoginPage = lazy(() => import('./pages/login-page'));
const QueuePage = lazy(() => import('./pages/queue-page'));
const ReviewPage = lazy(() => import('./pages/review-page'));
const AuditPage = lazy(() => import('./pages/audit-page'));
const StaffPage = lazy(() => import('./pages/staff-page'));
const FunnelPage = lazy(() => import('./pages/funnel-page'));
const NotTradablePage = lazy(() => import('./pages/not-tradable-page'));
const ServiceRequestsPage = lazy(() => import('./pages/service-requests-page'));
const TeamPage = lazy(() => import('./pages/team-page'));
const ReportsPage = lazy(() => import('./pages/reports-page'));
const CheckerQueuePage = lazy(() => import('./pages/checker-queue-page'));
const AssistedKycCallsPage = lazy(() => import('./pages/assisted-kyc-page'));
const DataPrivacyPage = lazy(() => import('./pages/data-privacy-page'));
const InvitationPage = lazy(() => import('./pages/invitation-page'));
const AccountPage = lazy(() => import('./pages/account-page'));
const ReasonsPage = lazy(() => import('./pages/reasons-page'));

export default function BackofficeApp() {
  return (
    <Suspense fallback={<PageLoader label="Loading…" />}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="invitation" element={<InvitationPage />} />
        <Route element={<BackofficeLayout />}>
          <Route index element={<QueuePage />} />
          <Route path="applications/:id" element={<ReviewPage />} />
          <Route path="applications/:id/audit" element={<AuditPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="staff/audit" element={<AuditPage />} />
          <Route path="privacy" element={<DataPrivacyPage />} />
          <Route path="funnel" element={<FunnelPage />} />
          <Route path="not-tradable" element={<NotTradablePage />} />
          <Route path="service-requests" element={<ServiceRequestsPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="awaiting-confirmation" element={<CheckerQueuePage />} />
          <Route path="assisted-kyc" element={<AssistedKycCallsPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="reasons" element={<ReasonsPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/backoffice/" replace />} />
      </Routes>
    </Suspense>
  );
}
