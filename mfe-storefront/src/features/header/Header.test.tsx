import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLanguage } from '@koopjesland/shared';
import { currentLocation, signInAs, signOut, mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { Header } from './Header';

describe('Header', () => {
  beforeEach(() => {
    signOut();
    mockApi({});
  });

  it('searches from the search box, with Enter or the button', async () => {
    renderStorefront(<Header />);
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await userEvent.type(box, '  oled tv {Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/search?q=oled%20tv'));
    await userEvent.clear(box);
    await userEvent.type(box, 'wasmachine');
    await userEvent.click(screen.getByRole('button', { name: 'Search products' }));
    await waitFor(() => expect(currentLocation()).toBe('/search?q=wasmachine'));
  });

  it('is a form the browser can submit to the search page before the scripts run', () => {
    renderStorefront(<Header />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute('name', 'q');
  });

  it('switches the language from the language menu', async () => {
    renderStorefront(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Language (EN)' }));
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Nederlands' }));
    await waitFor(() => expect(currentLanguage()).toBe('nl'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the email and the admin link to an admin', async () => {
    signInAs('admin');
    renderStorefront(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByText('admin@koopjesland.nl')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Admin Panel' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin'));
  });

  it("links a signed-in visitor to their wishlist", async () => {
    signInAs('user');
    renderStorefront(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'My wishlist' }));
    await waitFor(() => expect(currentLocation()).toBe('/wishlist'));
  });

  it('shows no admin link to a visitor who is not an admin, and a sign-in link when anonymous', () => {
    signInAs('user');
    const { unmount } = renderStorefront(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    unmount();
    signOut();
    renderStorefront(<Header />, { route: '/televisies' });
    expect(screen.getByRole('link', { name: /Sign In/ })).toHaveAttribute('href', expect.stringMatching(/^\/login/));
  });
});
