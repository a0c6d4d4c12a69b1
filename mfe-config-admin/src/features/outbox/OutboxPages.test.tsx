import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, prepareConfigAdmin, renderAdmin, requests, signInAs, status } from '../../test/render-admin';

const summary = { id: 5, to: 'klant@example.com', subject: 'Reset your password', createdAt: '2024-05-01T10:00:00.000Z' };
const list = { messages: [summary], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 } };

beforeAll(prepareConfigAdmin);
beforeEach(() => signInAs('admin'));

describe('/admin/outbox', () => {
  it('lists the kept mail, filtered by recipient, and opens a message with its text', async () => {
    answer({
      'GET /api/admin/outbox': list,
      'GET /api/admin/outbox/5': { ...summary, text: 'Open http://localhost/reset-password?token=abc to choose a new password.', html: null },
    });
    renderAdmin('/admin/outbox?search=klant');
    await userEvent.click(await screen.findByText('Reset your password'));
    expect(requests[0]!.url.searchParams.get('to')).toBe('klant');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/outbox/5'));
    expect(await screen.findByTestId('outbox-message-text')).toHaveTextContent('http://localhost/reset-password?token=abc');
  });

  it('says when there is no mail, and when a message is gone', async () => {
    answer({ 'GET /api/admin/outbox': { messages: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } } });
    const { unmount } = renderAdmin('/admin/outbox');
    expect(await screen.findByText('No messages')).toBeInTheDocument();
    unmount();
    answer({ 'GET /api/admin/outbox/9': status(404, { error: 'Message not found' }) });
    renderAdmin('/admin/outbox/9');
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
  });
});
