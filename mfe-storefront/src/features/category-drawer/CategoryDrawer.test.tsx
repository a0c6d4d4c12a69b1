import { fireEvent, screen, waitFor } from '@testing-library/react';
import { currentLocation, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import CategoryDrawer from './CategoryDrawer';

const category = (id: number, name: string, extra: object = {}) => ({
  id,
  name,
  slug: name.toLowerCase(),
  image: null,
  parentId: null,
  createdAt: '',
  updatedAt: '',
  ...extra,
});

describe('CategoryDrawer', () => {
  beforeEach(() => localStorage.clear());

  it('lists the menu categories, drills into children and goes to the chosen one', async () => {
    const api = mockApi({
      'GET /categories': () => ({
        categories: [
          category(1, 'Elektronica', { childCategories: [category(4, 'Televisies', { parentId: 1 })] }),
          category(2, 'Verborgen', { settings: { hideFromMenu: true } }),
        ],
      }),
    });
    const onClose = jest.fn();
    renderStorefront(<CategoryDrawer open onClose={onClose} />);
    expect(await screen.findByRole('button', { name: 'Elektronica' })).toBeInTheDocument();
    expect(screen.queryByText('Verborgen')).not.toBeInTheDocument();
    expect(api.find('GET', '/categories')[0]!.query.get('navigation')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show subcategories of Elektronica' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Televisies' }));
    await waitFor(() => expect(currentLocation()).toBe('/televisies'));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the categories cannot be loaded', async () => {
    mockApi({ 'GET /categories': () => reply(500, { error: 'Database unavailable' }) });
    renderStorefront(<CategoryDrawer open onClose={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
