/**
 * The client area at /my-account/*: a client whose account is open signs in with a mobile OTP and
 * sees "My account", freezes or unfreezes online access, changes the nominees, the bank, the segments, the address, the mobile or e-mail, does a re-KYC the KRA asks for, gives a DDPI, and closes the account. Its own chunk,
 * its own session (a client token, apart from the onboarding's and the back office's).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LanguageSwitch } from '../../components/language-switch';
import { PageLoader } from '../../components/spinner';
import { Link, Navigate, Route, Routes } from '../../lib/router';
import { useClientToken } from './api/client-api';
import { useClientLogOut } from './api/log-out';
import { addCatalogues } from '../../i18n';
import { clientAreaCatalogues } from '../../i18n/client-area-catalogues';

// the client area's catalogue is known before its first page asks for it
addCatalogues(clientAreaCatalogues);

const SignInPage = lazy(() => import('./pages/sign-in-page'));
const MyAccountPage = lazy(() => import('./pages/my-account-page'));
const NominationPage = lazy(() => import('./pages/nomination-page'));
const BankPage = lazy(() => import('./pages/bank-page'));
const ClosurePage = lazy(() => import('./pages/closure-page'));
const DdpiPage = lazy(() => import('./pages/ddpi-page'));
const SegmentsPage = lazy(() => import('./pages/segments-page'));
const AddressPage = lazy(() => import('./pages/address-page'));
const ContactPage = lazy(() => import('./pages/contact-page'));
const RekycPage = lazy(() => import('./pages/rekyc-page'));

export default function ClientAreaApp() {
  const { t } = useTranslation('client-area');
  const token = useClientToken();
  const logOut = useClientLogOut();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="bg-brand text-white">
        <div className="mx-auto flex max-w-xl items-center gap-2 px-4 py-2">
          <Link to="/my-account" className="font-bold">
            {t('title')}
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSwitch />
            {token && (
              <button
                type="button"
                onClick={() => logOut.mutate()}
                className="min-h-11 rounded-md px-3 text-sm font-semibold hover:bg-white/10"
              >
                {t('signOut')}
              </button>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-6">
        <Suspense fallback={<PageLoader label={t('loading')} />}>
          <Routes>
            <Route index element={token ? <MyAccountPage /> : <SignInPage />} />
            <Route path="nomination" element={token ? <NominationPage /> : <Navigate to="/my-account" replace />} />
            <Route path="bank" element={token ? <BankPage /> : <Navigate to="/my-account" replace />} />
            <Route path="close" element={token ? <ClosurePage /> : <Navigate to="/my-account" replace />} />
            <Route path="ddpi" element={token ? <DdpiPage /> : <Navigate to="/my-account" replace />} />
            <Route path="segments" element={token ? <SegmentsPage /> : <Navigate to="/my-account" replace />} />
            <Route path="address" element={token ? <AddressPage /> : <Navigate to="/my-account" replace />} />
            <Route path="contact" element={token ? <ContactPage /> : <Navigate to="/my-account" replace />} />
            <Route path="rekyc/:id" element={token ? <RekycPage /> : <Navigate to="/my-account" replace />} />
            <Route path="*" element={<Navigate to="/my-account" replace />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
