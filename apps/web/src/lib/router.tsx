/**
 * Routing is React Router's (declarative mode): the pages import its parts from here, and the
 * app's root, BrowserRoutes, is its browser router with the app's scroll rule. Data mode
 * (createBrowserRouter: loaders, actions, ScrollRestoration) would add some 15 KiB more to a
 * phone's first download for what TanStack Query already does here; see docs/architecture.md.
 */
import { useLayoutEffect } from 'react';
import {
  BrowserRouter,
  Navigate as RouterNavigate,
  type NavigateProps,
  type RouteObject,
  useLocation,
  useNavigationType,
  useRoutes,
} from 'react-router';

export {
  Link,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';

/**
 * A new screen starts at the top of the page (a link to a #fragment stays where it is); Back and
 * Forward leave the position to the browser, which returns to where the person was.
 */
function ScrollToTop() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
  return null;
}

/**
 * React Router's Navigate, keyed by the location, so that arriving at its page again sends the
 * person on again: when two moves are handled in one render (this redirect, then another page's
 * own move back to the same address), React would keep the first element with its effect spent,
 * and the page would stay empty.
 */
export function Navigate(props: NavigateProps) {
  const { key } = useLocation();
  return <RouterNavigate key={key} {...props} />;
}

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The app's root: renders the route table against the browser location. A navigation shows the
 * next page (or its loader) at once rather than keeping the last page on screen while the next
 * one's code downloads.
 */
export function BrowserRoutes({ routes }: { routes: RouteObject[] }) {
  return (
    <BrowserRouter useTransitions={false}>
      <ScrollToTop />
      <RouteTable routes={routes} />
    </BrowserRouter>
  );
}
