import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { pagination } from '../../test/fixtures';
import { PaginationBar, visiblePages } from './PaginationBar';

it('shows the edges and the pages around the current one', () => {
  expect(visiblePages(1, 1)).toEqual([1]);
  expect(visiblePages(1, 5)).toEqual([1, 2, null, 5]);
  expect(visiblePages(3, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(visiblePages(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
  expect(visiblePages(12, 12)).toEqual([1, null, 11, 12]);
});

it('links each page to its address, marks the current one and pages within the app', async () => {
  const pages: number[] = [];
  renderStorefront(<PaginationBar pagination={pagination(210, 1, 21)} onChange={(page) => pages.push(page)} />, {
    route: '/televisies?sortBy=name&page=1',
  });
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  expect(within(nav).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: '10' })).toHaveAttribute('href', '/televisies?sortBy=name&page=10');
  expect(within(nav).getByRole('link', { name: '2' })).toHaveAttribute('href', '/televisies?sortBy=name&page=2');
  expect(within(nav).queryByRole('link', { name: '5' })).toBeNull();
  // On the first page there is no previous page to go to.
  expect(within(nav).queryByRole('link', { name: 'Previous' })).toBeNull();
  expect(within(nav).getByLabelText('Previous')).toHaveAttribute('aria-disabled', 'true');

  await userEvent.click(within(nav).getByRole('link', { name: 'Next' }));
  await userEvent.click(within(nav).getByRole('link', { name: '10' }));
  expect(pages).toEqual([2, 10]);
  // The click paged within the app: the address is the app's to change (onChange), not the browser's.
  expect(currentLocation()).toBe('/televisies?sortBy=name&page=1');
});

it('shows nothing for a single page', () => {
  renderStorefront(<PaginationBar pagination={pagination(5, 1, 21)} onChange={() => undefined} />);
  expect(screen.queryByRole('navigation')).toBeNull();
});
