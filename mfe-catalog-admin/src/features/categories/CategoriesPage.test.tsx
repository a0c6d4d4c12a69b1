import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const category = (id: number, name: string, children: unknown[] = [], products = 0) => ({
  id,
  name,
  slug: name.toLowerCase(),
  image: null,
  parentId: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  childCategories: children,
  _count: { products, computedProducts: products, childCategories: children.length },
});
const tree = {
  categories: [
    category(1, 'Audio', [category(2, 'Koptelefoons', [], 7)], 7),
    category(3, 'Overig', [], 40),
    category(4, 'Keuken'),
  ],
};

describe('/admin/categories', () => {
  it('shows a spinner, then the tree without Overig and with product counts', async () => {
    let release: (value: unknown) => void = () => undefined;
    mockApi({ 'GET /categories': () => new Promise((resolve) => (release = resolve)) });
    const { container } = renderAdmin('/admin/categories');
    await waitFor(() => expect(container.querySelector('.ant-spin')).not.toBeNull());
    release(tree);
    expect(await screen.findByText('Koptelefoons')).toBeInTheDocument();
    expect(screen.getByText('Audio')).toBeInTheDocument();
    expect(screen.queryByText('Overig')).toBeNull();
    expect(screen.getAllByTitle('7 products')).toHaveLength(2); // Audio (its subtree) and Koptelefoons
  });

  it('searches the tree keeping the ancestors of matches', async () => {
    mockApi({ 'GET /categories': () => tree });
    renderAdmin('/admin/categories');
    await screen.findByText('Keuken');
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'kopt' } });
    await waitFor(() => expect(screen.queryByText('Keuken')).toBeNull());
    expect(screen.getByText('Audio')).toBeInTheDocument();
    expect(screen.getByText('Koptelefoons')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No matches found')).toBeInTheDocument();
  });

  it('says so when there are no categories, and when they cannot be loaded', async () => {
    mockApi({ 'GET /categories': () => ({ categories: [category(3, 'Overig')] }) });
    const first = renderAdmin('/admin/categories');
    expect(await screen.findByText('No categories found')).toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /categories': () => reply(500, { error: 'Database down' }) });
    renderAdmin('/admin/categories');
    expect(await screen.findByText('Failed to fetch categories')).toBeInTheDocument();
  });

  it('refuses a file that is not JSON with the import text', async () => {
    const calls = mockApi({ 'GET /categories': () => tree });
    const { container } = renderAdmin('/admin/categories');
    await screen.findByText('Audio');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['not json'], 'categories.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Import failed. Please check the file format and try again.')).toBeInTheDocument();
    expect(screen.getByText('The category import needs a JSON file.')).toBeInTheDocument();
    expect(calls.find('POST', '/categories/import')).toHaveLength(0);
  });

  it('imports an export file and shows the results', async () => {
    const calls = mockApi({
      'GET /categories': () => tree,
      'POST /categories/import': () => ({
        results: { created: 2, updated: 1, errors: [] },
        summary: { totalCategories: 3, totalAliases: 5 },
      }),
    });
    const { container } = renderAdmin('/admin/categories');
    await screen.findByText('Audio');
    fireEvent.click(screen.getByLabelText('Delete categories that are not in the file'));
    const exportData = { version: 1, categories: [] };
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([JSON.stringify(exportData)], 'categories.json', { type: 'application/json' })] },
    });
    expect(await screen.findByText('Import done: 2 created, 1 updated, 0 errors, 5 aliases')).toBeInTheDocument();
    expect(calls.find('POST', '/categories/import')[0]!.body).toEqual({ exportData, clearExisting: true });
  });
});

describe('/admin/categories/new', () => {
  it('requires a name, then creates the category under the chosen parent and opens it', async () => {
    const calls = mockApi({
      'GET /categories': () => tree,
      'POST /categories': (request) => reply(201, { ...category(9, 'Speakers'), parentId: 1, body: request.body }),
      'GET /categories/id/9': () => ({
        ...category(9, 'Speakers'),
        parentId: 1,
        parentCategory: { id: 1, name: 'Audio', slug: 'audio' },
        aliases: [],
      }),
      'GET /categories/9/products': () => ({
        products: [],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 20 },
      }),
    });
    renderAdmin('/admin/categories/new?parentId=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Create category' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Speakers ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/categories/9'));
    expect(calls.find('POST', '/categories')[0]!.body).toEqual({ name: 'Speakers', parentId: 1 });
    const breadcrumb = await screen.findByRole('navigation');
    expect(within(breadcrumb).getByText('Audio')).toBeInTheDocument();
  });
});
