import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, reply, signInAs } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const configuration = {
  id: 4,
  title: 'Koopjesland – de beste deals',
  name: 'Koopjesland',
  description: 'Prijsvergelijker',
  domainNames: ['localhost', 'koopjesland.nl'],
  logo: null,
  rootCategoryId: null,
  rootCategory: null,
  keywords: null,
  metaDescription: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  twitterCard: 'summary',
  twitterTitle: null,
  twitterDescription: null,
  twitterImage: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};
const categories = { categories: [{ id: 1, name: 'Elektronica', slug: 'elektronica', childCategories: [] }] };

beforeEach(() => signInAs('admin'));

const domainRows = () => screen.getAllByLabelText(/^Domain name \d+$/);

describe('/admin/site-configuration', () => {
  it('tells non-admins access is denied', async () => {
    signInAs('merchandiser');
    mockApi({});
    renderAdmin('/admin/site-configuration');
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument();
  });

  it('edits the configuration of this domain and reports success', async () => {
    const api = mockApi({
      'GET /site-configuration': () => configuration,
      'GET /categories': () => categories,
      'PUT /site-configuration/4': () => configuration,
    });
    renderAdmin('/admin/site-configuration');
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Koopjesland – de beste deals');
    expect(api.find('GET', '/site-configuration')[0]!.query.get('domain')).toBe('localhost');
    expect(screen.getByText('Manage All Configurations').closest('a')).toHaveAttribute('href', '/admin/site-configurations');
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: '  deals, korting ' } });
    fireEvent.click(screen.getByText('Save changes'));
    await waitFor(() => expect(api.find('PUT', '/site-configuration/4')).toHaveLength(1));
    expect(api.find('PUT', '/site-configuration/4')[0]!.body).toMatchObject({
      title: 'Koopjesland – de beste deals',
      domainNames: ['localhost', 'koopjesland.nl'],
      keywords: 'deals, korting',
      logo: null,
      rootCategoryId: null,
      twitterCard: 'summary',
    });
    expect(await screen.findByText('Site configuration updated successfully')).toBeInTheDocument();
  });

  it('shows the create form when this domain has none yet, its first domain row filled in', async () => {
    mockApi({
      'GET /site-configuration': () => reply(404, { error: 'Site configuration not found for this domain' }),
      'GET /categories': () => categories,
      'POST /site-configuration': () => reply(400, { error: 'Invalid title', details: 'Title is required' }),
    });
    renderAdmin('/admin/site-configuration');
    expect(await screen.findByText('No site configuration exists for this domain yet.')).toBeInTheDocument();
    expect(domainRows()[0]).toHaveValue('localhost');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'T' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'N' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'D' } });
    fireEvent.click(screen.getByText('Create configuration'));
    expect(await screen.findByText('Failed to create site configuration')).toBeInTheDocument();
    expect(screen.getByText('Invalid title: Title is required')).toBeInTheDocument();
  });
});

describe('site configuration form rules', () => {
  async function openCreateOverlay() {
    const api = mockApi({
      'GET /site-configuration/all': () => [configuration],
      'GET /categories': () => categories,
      'POST /site-configuration': () => reply(201, { ...configuration, id: 5 }),
    });
    renderAdmin('/admin/site-configurations');
    fireEvent.click(await screen.findByText('Add configuration'));
    return { api, dialog: (await screen.findByText('New site configuration')).closest<HTMLElement>('.ant-modal')! };
  }

  it('requires title, name, description and one domain name; the last domain row cannot be removed', async () => {
    const { api, dialog } = await openCreateOverlay();
    expect(within(dialog).getByLabelText('Remove domain name 1')).toBeDisabled();
    fireEvent.click(within(dialog).getByText('Create configuration'));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one domain name is required')).toBeInTheDocument();
    expect(api.find('POST', '/site-configuration')).toHaveLength(0);
  });

  it('drops empty domain rows, checks URLs and offers the four twitter cards', async () => {
    const { api, dialog } = await openCreateOverlay();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Deals' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Dealsite' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Alle deals' } });
    fireEvent.click(within(dialog).getByText('Add domain name'));
    fireEvent.click(within(dialog).getByText('Add domain name'));
    expect(domainRows()).toHaveLength(3);
    expect(within(dialog).getByLabelText('Remove domain name 1')).toBeEnabled();
    fireEvent.change(domainRows()[1]!, { target: { value: ' deals.nl ' } });

    fireEvent.change(within(dialog).getByLabelText('Logo'), { target: { value: 'geen url' } });
    await userEvent.click(within(dialog).getByLabelText('Twitter card'));
    for (const option of ['summary', 'summary_large_image', 'app', 'player']) {
      expect(await screen.findByTitle(option)).toBeInTheDocument();
    }
    await userEvent.click(screen.getByTitle('summary_large_image'));
    fireEvent.click(within(dialog).getByText('Create configuration'));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(api.find('POST', '/site-configuration')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Logo'), { target: { value: '/media/logo.png' } });
    fireEvent.click(within(dialog).getByText('Create configuration'));
    await waitFor(() => expect(api.find('POST', '/site-configuration')).toHaveLength(1));
    expect(api.find('POST', '/site-configuration')[0]!.body).toMatchObject({
      title: 'Deals',
      domainNames: ['deals.nl'],
      logo: '/media/logo.png',
      twitterCard: 'summary_large_image',
      rootCategoryId: null,
      ogImage: null,
    });
    expect(await screen.findByText('Site configuration created successfully')).toBeInTheDocument();
  });

  it('deletes a configuration after the cannot-be-undone confirmation', async () => {
    const api = mockApi({
      'GET /site-configuration/all': () => [configuration],
      'DELETE /site-configuration/4': () => reply(500, { error: 'Server error' }),
    });
    renderAdmin('/admin/site-configurations');
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = (await screen.findByText(/This cannot be undone\./)).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByText('Delete'));
    expect(await screen.findByText('Failed to delete site configuration')).toBeInTheDocument();
    expect(api.find('DELETE', '/site-configuration/4')).toHaveLength(1);
  });
});
