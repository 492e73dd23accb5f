import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRoutes,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '../src/lib/router';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
function Layout() {
  return (
    <div>
      <span>layout</span>
      <Outlet />
      <Where />
    </div>
  );
}
function Step() {
  const { step } = useParams<{ step: string }>();
  return <p>step {step}</p>;
}
function Query() {
  const [params] = useSearchParams();
  return <p>mobile {params.get('mobile')}</p>;
}
function Public() {
  return (
    <Routes>
      <Route index element={<p>home</p>} />
      <Route path="faq" element={<p>faq</p>} />
      <Route path="pages/:slug" element={<Slug />} />
    </Routes>
  );
}
function Slug() {
  return <p>page {useParams().slug}</p>;
}
function GoButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/ekyc1/status', { replace: true })}>
      go
    </button>
  );
}

const routes = [
  {
    path: '/ekyc1',
    element: <Layout />,
    children: [
      { index: true, element: <Link to="/ekyc1/verify-otp?mobile=9876543210">send</Link> },
      { path: 'verify-otp', element: <Query /> },
      { path: 'client-profiling', element: <Navigate to="occupation" replace /> },
      { path: 'client-profiling/:step', element: <Step /> },
      { path: 'status', element: <GoButton /> },
      { path: '*', element: <Navigate to="/ekyc1/" replace /> },
    ],
  },
  { path: '/*', element: <Public /> },
];

const at = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<BrowserRoutes routes={routes} />);
};

// jsdom does not scroll: record where the page was asked to scroll to
const scrollTo = vi.fn();
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  scrollTo.mockClear();
  window.scrollTo = scrollTo as typeof window.scrollTo;
});
afterEach(cleanup);

describe('router', () => {
  it('renders the index route in its layout and follows a link with a query', () => {
    at('/ekyc1/');
    expect(screen.getByText('layout')).toBeTruthy();
    fireEvent.click(screen.getByText('send'));
    expect(screen.getByText('mobile 9876543210')).toBeTruthy();
    expect(window.location.pathname).toBe('/ekyc1/verify-otp');
  });

  it('passes params and resolves a relative redirect', () => {
    at('/ekyc1/client-profiling');
    expect(screen.getByText('step occupation')).toBeTruthy();
    expect(window.location.pathname).toBe('/ekyc1/client-profiling/occupation');
  });

  it('sends an unknown onboarding path to the start', () => {
    at('/ekyc1/nowhere');
    expect(window.location.pathname).toBe('/ekyc1/');
  });

  it('nests routes below a splat', () => {
    at('/pages/privacy');
    expect(screen.getByText('page privacy')).toBeTruthy();
    cleanup();
    at('/');
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('navigates programmatically and on back', async () => {
    at('/ekyc1/client-profiling/education');
    act(() => window.history.pushState(null, '', '/ekyc1/status'));
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    fireEvent.click(screen.getByText('go'));
    expect(screen.getByTestId('where').textContent).toBe('/ekyc1/status');
  });

  it('starts a new screen at the top and leaves Back to the browser', async () => {
    at('/ekyc1/');
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('send'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await act(async () => {
      const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await back;
    });
    expect(screen.getByText('send')).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
