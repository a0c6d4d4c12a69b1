import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const summary = { id: 5, to: 'klant@example.com', subject: 'Reset your password', createdAt: '2024-05-01T10:00:00.000Z' };
const list = { messages: [summary], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 } };

beforeEach(() => signInAs('admin'));

describe('/admin/outbox', () => {
  it('lists the kept mail, filtered by recipient, and opens a message with its text', async () => {
    const api = mockApi({
      'GET /admin/outbox': () => list,
      'GET /admin/outbox/5': () => ({ ...summary, text: 'Open http://localhost/reset-password?token=abc to choose a new password.', html: null }),
    });
    renderAdmin('/admin/outbox?search=klant');
    await userEvent.click(await screen.findByText('Reset your password'));
    expect(api.calls[0]!.query.get('to')).toBe('klant');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/outbox/5'));
    expect(await screen.findByTestId('outbox-message-text')).toHaveTextContent('http://localhost/reset-password?token=abc');
  });

  it('says when there is no mail, and when a message is gone', async () => {
    mockApi({ 'GET /admin/outbox': () => ({ messages: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }) });
    const { unmount } = renderAdmin('/admin/outbox');
    expect(await screen.findByText('No messages')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /admin/outbox/9': () => reply(404, { error: 'Message not found' }) });
    renderAdmin('/admin/outbox/9');
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
  });
});
