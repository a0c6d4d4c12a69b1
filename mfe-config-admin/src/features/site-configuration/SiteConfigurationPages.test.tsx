import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, prepareConfigAdmin, renderAdmin, sent, signInAs, status } from '../../test/render-admin';

/** antd forms in jsdom are slow on a loaded machine: a cap per test, not a speed claim. */
const FORM_TEST_TIMEOUT = 150_000;

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

beforeAll(prepareConfigAdmin);
beforeEach(() => signInAs('admin'));

const domainRows = () => screen.getAllByLabelText(/^Domain name \d+$/);

describe('/admin/site-configuration', () => {
  it('tells non-admins access is denied', async () => {
    signInAs('merchandiser');
    answer({});
    renderAdmin('/admin/site-configuration');
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument();
  }, FORM_TEST_TIMEOUT);

  it('edits the configuration of this domain and reports success', async () => {
    answer({
      'GET /api/site-configuration': configuration,
      'GET /api/categories': categories,
      'PUT /api/site-configuration/4': configuration,
    });
    renderAdmin('/admin/site-configuration');
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Koopjesland – de beste deals');
    expect(sent('GET', 'site-configuration')[0]!.url.searchParams.get('domain')).toBe('localhost');
    expect(screen.getByText('Manage All Configurations').closest('a')).toHaveAttribute('href', '/admin/site-configurations');
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: '  deals, korting ' } });
    fireEvent.click(screen.getByText('Save changes'));
    await waitFor(() => expect(sent('PUT', 'site-configuration/4')).toHaveLength(1));
    expect(sent('PUT', 'site-configuration/4')[0]!.body).toMatchObject({
      title: 'Koopjesland – de beste deals',
      domainNames: ['localhost', 'koopjesland.nl'],
      keywords: 'deals, korting',
      logo: null,
      rootCategoryId: null,
      twitterCard: 'summary',
    });
    expect(await screen.findByText('Site configuration updated successfully')).toBeInTheDocument();
  }, FORM_TEST_TIMEOUT);

  it('shows the create form when this domain has none yet, its first domain row filled in', async () => {
    answer({
      'GET /api/site-configuration': status(404, { error: 'Site configuration not found for this domain' }),
      'GET /api/categories': categories,
      'POST /api/site-configuration': status(400, { error: 'Invalid title', details: 'Title is required' }),
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
  }, FORM_TEST_TIMEOUT);
});

describe('site configuration form rules', () => {
  async function openCreateOverlay() {
    answer({
      'GET /api/site-configuration/all': [configuration],
      'GET /api/categories': categories,
      'POST /api/site-configuration': status(201, { ...configuration, id: 5 }),
    });
    renderAdmin('/admin/site-configurations');
    fireEvent.click(await screen.findByText('Add configuration'));
    return (await screen.findByText('New site configuration')).closest<HTMLElement>('.ant-modal')!;
  }

  it('requires title, name, description and one domain name; the last domain row cannot be removed', async () => {
    const dialog = await openCreateOverlay();
    expect(within(dialog).getByLabelText('Remove domain name 1')).toBeDisabled();
    fireEvent.click(within(dialog).getByText('Create configuration'));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('At least one domain name is required')).toBeInTheDocument();
    expect(sent('POST', 'site-configuration')).toHaveLength(0);
  }, FORM_TEST_TIMEOUT);

  it('drops empty domain rows, checks URLs and offers the four twitter cards', async () => {
    const dialog = await openCreateOverlay();
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
    expect(sent('POST', 'site-configuration')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Logo'), { target: { value: '/media/logo.png' } });
    fireEvent.click(within(dialog).getByText('Create configuration'));
    await waitFor(() => expect(sent('POST', 'site-configuration')).toHaveLength(1));
    expect(sent('POST', 'site-configuration')[0]!.body).toMatchObject({
      title: 'Deals',
      domainNames: ['deals.nl'],
      logo: '/media/logo.png',
      twitterCard: 'summary_large_image',
      rootCategoryId: null,
      ogImage: null,
    });
    expect(await screen.findByText('Site configuration created successfully')).toBeInTheDocument();
  }, FORM_TEST_TIMEOUT);

  it('deletes a configuration after the cannot-be-undone confirmation', async () => {
    answer({ 'GET /api/site-configuration/all': [configuration], 'DELETE /api/site-configuration/4': status(500, { error: 'Server error' }) });
    renderAdmin('/admin/site-configurations');
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = (await screen.findByText(/This cannot be undone\./)).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByText('Delete'));
    expect(await screen.findByText('Failed to delete site configuration')).toBeInTheDocument();
    expect(sent('DELETE', 'site-configuration/4')).toHaveLength(1);
  }, FORM_TEST_TIMEOUT);
});
