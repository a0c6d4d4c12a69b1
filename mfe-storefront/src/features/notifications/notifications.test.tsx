import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderStorefront } from '../../test/render';
import { useNotify, type Notify } from './notifications';

let notify: Notify;
function Grab() {
  notify = useNotify();
  return null;
}

describe('storefront notifications', () => {
  it('shows at most five at once and queues the rest instead of dropping them', async () => {
    renderStorefront(<Grab />);
    act(() => {
      for (let n = 1; n <= 7; n++) notify.info({ title: `Melding ${n}`, duration: 0 });
    });
    expect(await screen.findByText('Melding 5')).toBeInTheDocument();
    expect(screen.getByText('Melding 1')).toBeInTheDocument();
    expect(screen.queryByText('Melding 6')).not.toBeInTheDocument();

    const first = screen.getByText('Melding 1').closest('.ant-notification-notice')!;
    expect(first).toHaveStyle({ width: '440px', maxHeight: '200px' });
    fireEvent.click(first.querySelector('.ant-notification-notice-close')!);
    expect(await screen.findByText('Melding 6')).toBeInTheDocument();
    expect(screen.queryByText('Melding 7')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Melding 2').closest('.ant-notification-notice')!.querySelector('.ant-notification-notice-close')!);
    expect(await screen.findByText('Melding 7')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Melding 1')).not.toBeInTheDocument());
  });
});
