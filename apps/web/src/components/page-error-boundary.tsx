/**
 * Catches a page that could not load or failed while rendering, so the person never faces a blank
 * screen: a translated message and a Retry button, inside whatever frame encloses the boundary
 * (the onboarding layout keeps its header, language switch and Help). A page whose code did not
 * download is tried again by itself when the network comes back.
 */
import { Component, type ErrorInfo, type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { replaceShell } from '../lib/first-page';
import { PageLoadError, resetFailedPages } from '../lib/lazy-page';

interface Props {
  children: ReactNode;
  /** Changes (for example the path) start the page afresh. */
  resetKey?: string;
}
interface State {
  error: unknown;
  resetKey?: string;
}

export class PageErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { error: null, resetKey: props.resetKey };
    this.retry = this.retry.bind(this);
    this.retryLoad = this.retryLoad.bind(this);
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // another page was chosen: show it rather than the last page's error
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof PageLoadError)) console.error(error, info.componentStack);
  }

  override componentDidMount() {
    window.addEventListener('online', this.retryLoad);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryLoad);
  }

  retry() {
    resetFailedPages();
    this.setState({ error: null });
  }

  /** The network is back: a page whose code did not download is tried again by itself. */
  retryLoad() {
    if (this.state.error instanceof PageLoadError) this.retry();
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <PageError loadFailed={this.state.error instanceof PageLoadError} onRetry={this.retry} />;
  }
}

function PageError({ loadFailed, onRetry }: { loadFailed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  // the message takes the place of the page the server painted before the scripts ran
  useLayoutEffect(replaceShell, []);
  return (
    <div role="alert" className="flex min-h-40 flex-col items-center justify-center gap-4 text-center">
      <p>{loadFailed ? t('pageLoadFailed') : t('somethingWrong')}</p>
      {/* a plain button: this is in the first download, where the Button component is not */}
      <button
        type="button"
        onClick={onRetry}
        className="w-full max-w-xs rounded-lg bg-brand px-4 py-3 text-base font-semibold text-white hover:bg-brand-dark"
      >
        {t('retry')}
      </button>
    </div>
  );
}
