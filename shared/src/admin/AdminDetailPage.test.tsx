import { App } from 'antd';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, signInAs } from '@koopjesland/shared/testing';
import { AdminDetailPage, type RecordQuery } from './AdminDetailPage';
import { registerAdminKitTranslations } from './i18n';
import { AdminBaseProvider } from './paths';
import { useAdminMutation } from './useAdminMutation';

beforeAll(registerAdminKitTranslations);

type Thing = { id: number; name: string };

function ThingPage({ query }: { query: RecordQuery<Thing> }) {
  return (
    <AdminDetailPage
      query={query}
      notFound="Thing not found"
      back={{ to: '/admin/things', label: 'Back to Things' }}
      title={(thing) => thing.name}
      history={(thing) => ({ entity: 'thing', entityId: thing.id })}
      actions={() => <button type="button">Delete</button>}
    >
      {(thing) => <p>Thing number {thing.id}</p>}
    </AdminDetailPage>
  );
}

describe('AdminDetailPage', () => {
  it('shows the page skeleton while loading', () => {
    renderAt('/admin/things/1', <ThingPage query={{ isLoading: true }} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Thing number 1')).not.toBeInTheDocument();
  });

  it("answers a 404 with the area's not-found text and the way back", () => {
    renderAt('/admin/things/1', <ThingPage query={{ isLoading: false, error: { status: 404, message: 'Not found' } }} />);
    expect(screen.getByText('Thing not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Things' })).toHaveAttribute('href', '/admin/things');
  });

  it("answers another failure with the kit's text and the API's message", () => {
    renderAt('/admin/things/1', <ThingPage query={{ isLoading: false, error: { status: 500, message: 'Database unavailable' } }} />);
    expect(screen.getByText('Failed to load data. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('shows the record: Back at the top, the history link for admins, the title with its actions, the content', () => {
    signInAs('admin');
    renderAt('/admin/things/1', <AdminBaseProvider><ThingPage query={{ isLoading: false, data: { id: 1, name: 'Ding' } }} /></AdminBaseProvider>, { path: '/admin/*' });
    expect(screen.getByRole('heading', { name: 'Ding' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Things' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /History/ })).toHaveAttribute('href', '/admin/audit?entity=thing&entityId=1');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByText('Thing number 1')).toBeInTheDocument();
  });
});

function Saver({ outcome }: { outcome: { data: string } | { error: { status: number; message: string } } }) {
  const run = useAdminMutation();
  return (
    <button type="button" onClick={() => void run(Promise.resolve(outcome as never), { success: 'Saved', failure: 'Failed to save' })}>
      Save
    </button>
  );
}

describe('useAdminMutation', () => {
  it('shows the success notice', async () => {
    renderAt('/', <App><Saver outcome={{ data: 'ok' }} /></App>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it("shows the failure notice with the API's message", async () => {
    renderAt('/', <App><Saver outcome={{ error: { status: 400, message: 'Invalid name: Name is required' } }} /></App>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Invalid name: Name is required')).toBeInTheDocument());
  });
});
