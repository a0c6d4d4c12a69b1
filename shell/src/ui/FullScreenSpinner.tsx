/** The shell's spinner without antd: the visitor path must stay light (docs/architecture.md). */
import { useNamespaceT } from '@koopjesland/shared';

export function FullScreenSpinner({ inline = false }: { inline?: boolean }) {
  const { t } = useNamespaceT('shell');
  return (
    <div className={inline ? 'kl-spinner kl-spinner--inline' : 'kl-spinner'} role="status" aria-live="polite">
      <span className="kl-spinner__circle" aria-hidden="true" />
      <span className="kl-spinner__text">{t('loading')}</span>
    </div>
  );
}
