import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, reply } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';
import { changedAssignments } from './BulkAliasPage';

const rows = [
  { id: 1, path: 'Electronics > Speakers', categoryId: 9, category: { id: 9, name: 'Overig', slug: 'overig' }, productCount: 4, offerCount: 12 },
  { id: 2, path: 'Audio > Headphones', categoryId: 3, category: { id: 3, name: 'Koptelefoons', slug: 'koptelefoons' }, productCount: 2, offerCount: 5 },
];

describe('/admin/bulk-category-alias', () => {
  it('lists the aliases with the unmapped ones marked and filters them', async () => {
    const calls = mockApi({ 'GET /category-aliases/bulk/all': () => ({ categoryAliases: rows }), 'GET /categories': () => ({ categories: [] }) });
    renderAdmin('/admin/bulk-category-alias');
    expect(await screen.findByText('Electronics > Speakers')).toBeInTheDocument();
    await calls.settled();
    expect(screen.getByText('Unmapped (Overig)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter aliases'), { target: { value: 'headph' } });
    await waitFor(() => expect(screen.queryByText('Electronics > Speakers')).toBeNull());
    expect(screen.getByText('Audio > Headphones')).toBeInTheDocument();
  });

  it('says no changes are needed, and asks for a category before applying one to the selection', async () => {
    const calls = mockApi({ 'GET /category-aliases/bulk/all': () => ({ categoryAliases: rows }), 'GET /categories': () => ({ categories: [] }) });
    renderAdmin('/admin/bulk-category-alias');
    await screen.findByText('Electronics > Speakers');
    fireEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    expect(await screen.findByText('No changes needed. All aliases are already correctly assigned.')).toBeInTheDocument();
    expect(calls.find('POST', '/category-aliases/bulk/update')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Apply to selected (1)' }));
    expect(await screen.findByText('Please select a category first.')).toBeInTheDocument();
    await calls.settled();
  });

  it('shows the load failure', async () => {
    const calls = mockApi({ 'GET /category-aliases/bulk/all': () => reply(500, {}), 'GET /categories': () => ({ categories: [] }) });
    renderAdmin('/admin/bulk-category-alias');
    expect(await screen.findByText('Failed to load category aliases')).toBeInTheDocument();
    await calls.settled();
  });

  it('sends only the rows whose category changed', () => {
    expect(changedAssignments(rows, { 1: 3, 2: 3 })).toEqual([{ aliasId: 1, categoryId: 3 }]);
    expect(changedAssignments(rows, { 2: null })).toEqual([]);
  });
});
