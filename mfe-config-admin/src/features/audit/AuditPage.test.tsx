import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const record = {
  id: 1,
  userId: 1,
  userEmail: 'admin@koopjesland.nl',
  userRole: 'admin',
  entity: 'user',
  entityId: '2',
  action: 'update',
  before: { role: 'user' },
  after: { role: 'merchandiser' },
  createdAt: '2024-05-01T10:00:00.000Z',
};
const page = { records: [record], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 } };
const users = { users: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } };

beforeEach(() => signInAs('admin'));

describe('/admin/audit', () => {
  it('shows who changed which fields of what, filtered by the History link’s entity and id', async () => {
    const api = mockApi({ 'GET /admin/audit': () => page, 'GET /auth/users': () => users });
    renderAdmin('/admin/audit?entity=user&entityId=2&from=2024-05-01');
    const row = (await screen.findByText('user #2')).closest('tr')!;
    expect(within(row).getByText('admin@koopjesland.nl')).toBeInTheDocument();
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(within(row).getByText('update')).toBeInTheDocument();
    expect(within(row).getByText('role')).toBeInTheDocument();
    expect(within(row).getByText(/"user" → "merchandiser"/)).toBeInTheDocument();
    const auditRequest = api.calls.find((call) => call.path === '/admin/audit')!;
    expect(Object.fromEntries(auditRequest.query)).toEqual({
      page: '1',
      limit: '20',
      entity: 'user',
      entityId: '2',
      from: '2024-05-01',
    });
    expect(screen.getByText('Id 2')).toBeInTheDocument();
  });

  it('says when nothing was recorded and when the trail cannot be loaded', async () => {
    mockApi({
      'GET /admin/audit': () => ({ records: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }),
      'GET /auth/users': () => users,
    });
    const { unmount } = renderAdmin('/admin/audit');
    expect(await screen.findByText('No changes recorded')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /admin/audit': () => reply(403, { error: 'Forbidden' }), 'GET /auth/users': () => users });
    renderAdmin('/admin/audit');
    await waitFor(() => expect(screen.getByText('Failed to load data. Please try again.')).toBeInTheDocument());
  });
});
