/**
 * A small router for the History API with the subset of the React Router API this app uses
 * (Link, NavLink, Navigate, Routes/Route, Outlet, useNavigate, useLocation, useParams,
 * useSearchParams). It replaces a 29 KiB dependency on every page of a phone's first load; see
 * docs/architecture.md.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

// ---------- the history store ----------

const listeners = new Set<() => void>();
let snapshot: Location | null = null;

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
  if (
    !snapshot ||
    snapshot.pathname !== pathname ||
    snapshot.search !== search ||
    snapshot.hash !== hash ||
    snapshot.state !== state
  )
    snapshot = { pathname, search, hash, state };
  return snapshot;
}

function notify() {
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

function go(to: string, options: NavigateOptions = {}) {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  const current = window.location.pathname + window.location.search + window.location.hash;
  const record = { usr: options.state ?? null };
  if (options.replace || target === current) window.history.replaceState(record, '', target);
  else window.history.pushState(record, '', target);
  if (!url.hash) window.scrollTo?.(0, 0);
  notify();
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, readLocation, readLocation);
}

// ---------- matching ----------

interface RouteContextValue {
  /** The part of the path matched by the routes above, e.g. '/backoffice'. */
  base: string;
  params: Record<string, string>;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteContextValue>({ base: '', params: {}, outlet: null });

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const joinPaths = (...parts: string[]) => `/${parts.flatMap(segmentsOf).join('/')}`;

/** Matches a route pattern against the path left below `base`; returns what it consumed and its params. */
function matchPattern(
  pattern: string,
  remaining: string[],
  end: boolean,
): { consumed: number; params: Record<string, string> } | null {
  const parts = segmentsOf(pattern);
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '*') {
      // A splat's base stops before the splat, so nested <Routes> match what it caught.
      params['*'] = remaining.slice(i).map(decodeURIComponent).join('/');
      return { consumed: i, params };
    }
    const seg = remaining[i];
    if (seg === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(seg);
    else if (part.toLowerCase() !== seg.toLowerCase()) return null;
  }
  if (end && parts.length !== remaining.length) return null;
  return { consumed: parts.length, params };
}

interface Matched {
  route: RouteObject;
  base: string;
  params: Record<string, string>;
  child: Matched | null;
}

function matchRoutes(
  routes: RouteObject[],
  remaining: string[],
  base: string,
  params: Record<string, string>,
): Matched | null {
  for (const route of routes) {
    if (route.index) {
      if (remaining.length === 0) return { route, base, params, child: null };
      continue;
    }
    const pattern = route.path ?? '';
    const hasChildren = Boolean(route.children?.length);
    const m = matchPattern(pattern, remaining, !hasChildren && !pattern.endsWith('*'));
    if (!m) continue;
    const consumedBase = joinPaths(base, ...remaining.slice(0, m.consumed));
    const merged = { ...params, ...m.params };
    if (hasChildren) {
      const child = matchRoutes(route.children!, remaining.slice(m.consumed), consumedBase, merged);
      if (child) return { route, base: consumedBase, params: merged, child };
      if (remaining.length === m.consumed || pattern.endsWith('*'))
        return { route, base: consumedBase, params: merged, child: null };
      continue;
    }
    return { route, base: consumedBase, params: merged, child: null };
  }
  return null;
}

function renderMatch(match: Matched | null): ReactNode {
  if (!match) return null;
  const outlet = renderMatch(match.child);
  return (
    <RouteContext.Provider value={{ base: match.base, params: match.params, outlet }}>
      {match.route.element ?? outlet}
    </RouteContext.Provider>
  );
}

/** Renders the first of `routes` matching the current location (below the enclosing route). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const { base, params } = useContext(RouteContext);
  const below = segmentsOf(pathname).slice(segmentsOf(base).length);
  const baseMatches = segmentsOf(base).every((s, i) => segmentsOf(pathname)[i]?.toLowerCase() === s.toLowerCase());
  return renderMatch(baseMatches ? matchRoutes(routes, below, base, params) : null);
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; <Routes> reads its props and renders the match. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, element, children: nested ? routesFromChildren(nested) : undefined });
  });
  return routes;
}

export function Routes({ children }: { children: ReactNode }) {
  const routes = useMemo(() => routesFromChildren(children), [children]);
  return <>{useRoutes(routes)}</>;
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useParams<T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T {
  return useContext(RouteContext).params as T;
}

// ---------- navigation ----------

/** Resolves a link target: absolute paths stay; relative ones resolve against the enclosing route. */
function resolve(to: string, base: string): string {
  if (/^([a-z]+:)?\/\//i.test(to) || to.startsWith('/')) return to;
  if (to.startsWith('?') || to.startsWith('#')) return `${window.location.pathname}${to}`;
  const stack = segmentsOf(base);
  const [path, query = ''] = to.split(/(?=[?#])/);
  for (const seg of segmentsOf(path ?? '')) {
    if (seg === '..') stack.pop();
    else if (seg !== '.') stack.push(seg);
  }
  return `/${stack.join('/')}${query}`;
}

export function useNavigate() {
  const { base } = useContext(RouteContext);
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') window.history.go(to);
      else go(resolve(to, base), options);
    },
    [base],
  );
}

export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { search, pathname } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const qs = new URLSearchParams(next).toString();
      go(`${pathname}${qs ? `?${qs}` : ''}`, options);
    },
    [pathname],
  );
  return [params, set];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { base } = useContext(RouteContext);
  const href = resolve(to, base);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (
      e.defaultPrevented ||
      e.button !== 0 ||
      e.metaKey ||
      e.altKey ||
      e.ctrlKey ||
      e.shiftKey ||
      (target && target !== '_self')
    )
      return;
    if (new URL(href, window.location.href).origin !== window.location.origin) return;
    e.preventDefault();
    go(href, { replace, state });
  };
  return <a href={href} target={target} onClick={handle} {...rest} />;
}

export function NavLink({
  className,
  end,
  ...props
}: Omit<LinkProps, 'className'> & { className?: string | ((s: { isActive: boolean }) => string); end?: boolean }) {
  const { pathname } = useLocation();
  const { base } = useContext(RouteContext);
  const href = resolve(props.to, base).split(/[?#]/)[0]!;
  const isActive = end ? pathname === href : pathname === href || pathname.startsWith(`${href.replace(/\/$/, '')}/`);
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** The app's root: renders the route table against the browser location. */
export function BrowserRoutes({ routes }: { routes: RouteObject[] }) {
  return <>{useRoutes(routes)}</>;
}
