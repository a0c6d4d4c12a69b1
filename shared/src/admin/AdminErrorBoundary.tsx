/**
 * Catches a render error inside an admin remote: the area shows 'Something went wrong' with a
 * retry instead of going blank; the shell's sidebar stays usable.
 */
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useAdminKitT } from './i18n';

function ErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useAdminKitT();
  return (
    <Result
      status="error"
      title={t('error.title')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}

export class AdminErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept in the console for whoever reports the problem; the page shows the message.
    console.error('Admin page failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorView error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
