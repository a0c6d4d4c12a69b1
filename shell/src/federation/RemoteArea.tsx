/**
 * One remote's area of the page: loads its `./routes` component lazily and renders it inside
 * an error boundary. A failed load or a render error shows a message with a retry button that
 * re-attempts the load; the rest of the page keeps working.
 */
import { Component, type ComponentType, type ErrorInfo, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { isIncompatibleRemoteError } from './compatibility';
import { FEDERATION_NAMESPACE, registerFederationTranslations } from './i18n';
import type { RemoteName } from './remotes-config';
import { loadedRemoteRoutes, loadRemoteRoutes } from './runtime';

registerFederationTranslations();

type LoadState =
  { status: 'loading' } | { status: 'loaded'; Routes: ComponentType } | { status: 'failed'; error: Error };

function useRemoteRoutes(name: RemoteName, attempt: number): LoadState {
  // Loaded already (a server render, or the hydration of one): render it at once, no spinner.
  const [state, setState] = useState<LoadState>(() => {
    const Routes = loadedRemoteRoutes(name);
    return Routes ? { status: 'loaded', Routes } : { status: 'loading' };
  });
  useEffect(() => {
    if (attempt === 0 && loadedRemoteRoutes(name)) return undefined;
    let active = true;
    setState({ status: 'loading' });
    loadRemoteRoutes(name, attempt).then(
      (Routes) => active && setState({ status: 'loaded', Routes }),
      (error: unknown) =>
        active && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
    };
  }, [name, attempt]);
  return state;
}

export function RemoteError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useNamespaceT('shell');
  // A remote built for other React or @koopjesland/shared versions: say so, not a runtime stack message.
  const incompatible = isIncompatibleRemoteError(error);
  return (
    <div className="kl-remote-error" role="alert">
      <p className="kl-remote-error__title">
        {incompatible ? t(`${FEDERATION_NAMESPACE}:incompatible.title`) : t('remote.loadFailed')}
      </p>
      <p className="kl-remote-error__detail">
        {incompatible
          ? t(`${FEDERATION_NAMESPACE}:incompatible.detail`, {
              library: error.library,
              requiredVersion: error.requiredVersion,
              providedVersion: error.providedVersion,
            })
          : error.message}
      </p>
      <button type="button" className="kl-shell-button kl-shell-button--primary" onClick={onRetry}>
        {t('common:errors.retry')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches render errors thrown by a remote's components. */
export class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Remote failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) return <RemoteError error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}

export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  const state = useRemoteRoutes(name, attempt);

  if (state.status === 'loading') return <FullScreenSpinner inline />;
  if (state.status === 'failed') return <RemoteError error={state.error} onRetry={retry} />;
  const { Routes } = state;
  return (
    <RemoteBoundary onRetry={retry}>
      <Routes />
    </RemoteBoundary>
  );
}
