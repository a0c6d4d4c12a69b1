/**
 * The admin's "About" version line: the remote that renders the current admin section, with the
 * version it reports in its own mf-manifest.json. Nothing shows until that manifest has been read.
 */
import { REMOTES } from '@koopjesland/shared/front-ends';
import { useSyncExternalStore } from 'react';
import { useNamespaceT } from '@koopjesland/shared';
import { useLocation } from 'react-router-dom';
import { resolveRoute } from '../routing/route-table';
import { FEDERATION_NAMESPACE, registerFederationTranslations } from './i18n';
import { remoteVersion, subscribeToRemoteVersions } from './remote-versions';

registerFederationTranslations();

export function RemoteVersion() {
  const { t } = useNamespaceT(FEDERATION_NAMESPACE);
  const target = resolveRoute(useLocation().pathname);
  const remote = target.kind === 'admin' ? REMOTES.find((candidate) => candidate.name === target.remote) : undefined;
  const version = useSyncExternalStore(subscribeToRemoteVersions, () =>
    remote ? remoteVersion(remote.name) : undefined,
  );
  if (!remote || !version) return null;
  return (
    <span data-remote={remote.name} className="kl-remote-version">
      {t('footer.version', { remote: remote.workspace, version })}
    </span>
  );
}
