import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useServerTable } from './useServerTable';

const SORT_FIELDS = ['name', 'createdAt'] as const;

function List() {
  const table = useServerTable({
    sortFields: SORT_FIELDS,
    defaultSort: { sortBy: 'createdAt', sortOrder: 'desc' },
    filterKeys: ['brand'],
  });
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="query">{JSON.stringify(table.query)}</output>
      <output data-testid="address">{`${pathname}${search}`}</output>
      <input aria-label="Search" value={table.search.value} onChange={(event) => table.search.onChange(event.target.value)} />
      <button type="button" onClick={() => table.setPage(3)}>Page 3</button>
      <button type="button" onClick={() => table.setSort('name', 'asc')}>Sort by name</button>
      <button type="button" onClick={() => table.setFilter('brand', 'Philips')}>Philips</button>
      <output data-testid="name-sort">{String(table.sortOrderOf('name'))}</output>
    </>
  );
}

const renderAt = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/admin/stores" element={<List />} />
      </Routes>
    </MemoryRouter>,
  );

const query = () => JSON.parse(screen.getByTestId('query').textContent!);
const address = () => screen.getByTestId('address').textContent;

describe('useServerTable', () => {
  it('starts on page 1 in the default order, 20 per page, with a clean address', () => {
    renderAt('/admin/stores');
    expect(query()).toEqual({ page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc', filters: {} });
  });

  it('reads page, sort, search and filters from the address and ignores what it does not know', () => {
    renderAt('/admin/stores?page=2&sortBy=name&sortOrder=asc&search=bol&brand=Sony&other=x');
    expect(query()).toEqual({ page: 2, limit: 20, sortBy: 'name', sortOrder: 'asc', search: 'bol', filters: { brand: 'Sony' } });
    expect(screen.getByTestId('name-sort')).toHaveTextContent('ascend');
    expect(screen.getByLabelText('Search')).toHaveValue('bol');
  });

  it('falls back to the defaults for a bad page or an unknown sort field', () => {
    renderAt('/admin/stores?page=-4&sortBy=password&sortOrder=asc');
    expect(query()).toMatchObject({ page: 1, sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('writes the page to the address and starts again at page 1 on a new sort or filter', async () => {
    renderAt('/admin/stores?brand=Sony');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toBe('/admin/stores?brand=Sony&page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by name' }));
    expect(address()).toBe('/admin/stores?brand=Sony&sortBy=name&sortOrder=asc');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Philips' }));
    expect(address()).toBe('/admin/stores?brand=Philips&sortBy=name&sortOrder=asc');
  });

  it('writes the search 300 ms after the last keystroke, trimmed, from page 1', async () => {
    jest.useFakeTimers();
    try {
      renderAt('/admin/stores?page=4');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByLabelText('Search'), ' coolblue ');
      act(() => jest.advanceTimersByTime(299));
      expect(address()).toBe('/admin/stores?page=4');
      act(() => jest.advanceTimersByTime(1));
      expect(address()).toBe('/admin/stores?search=coolblue');
      expect(query()).toMatchObject({ page: 1, search: 'coolblue' });
    } finally {
      jest.useRealTimers();
    }
  });
});
