import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@koopjesland/shared';
import { currentLocation, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import LoginPage from './LoginPage';

const user = { id: 1, email: 'demo@koopjesland.nl', isAdmin: false, createdAt: '', updatedAt: '' };

describe('LoginPage', () => {
  beforeEach(() => {
    signOut();
    localStorage.clear();
  });

  it('asks for every field before calling the server', async () => {
    const api = mockApi({});
    renderStorefront(<LoginPage />, { route: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.nl' } });
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument();
  });

  it('lets the browser check the email address and the password length (spec §5)', async () => {
    renderStorefront(<LoginPage />, { route: '/login' });
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    const form = email.closest('form')!;
    expect(form.noValidate).toBe(false);
    expect(email.type).toBe('email');
    expect((screen.getByLabelText('Password') as HTMLInputElement).minLength).toBe(6);
    fireEvent.change(email, { target: { value: 'geen-adres' } });
    expect(form.checkValidity()).toBe(false);
    fireEvent.change(email, { target: { value: 'demo@koopjesland.nl' } });
    expect(form.checkValidity()).toBe(true);
  });

  it('signs in and returns to the page named in ?redirect=', async () => {
    const api = mockApi({ 'POST /auth/login': () => ({ token: 'jwt', user }) });
    renderStorefront(<LoginPage />, { route: '/login?redirect=%2Fproduct%2Ftv%2F5' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'demo@koopjesland.nl' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentLocation()).toBe('/product/tv/5'));
    expect(api.find('POST', '/auth/login')[0]!.body).toEqual({ email: 'demo@koopjesland.nl', password: 'secret1' });
    expect(useAuthStore.getState().user?.email).toBe('demo@koopjesland.nl');
    expect(await screen.findByText('Successfully logged in')).toBeInTheDocument();
  });

  it('shows the server error inline and disables inputs while busy', async () => {
    let release: (value: unknown) => void = () => undefined;
    mockApi({ 'POST /auth/login': () => new Promise((resolve) => (release = resolve)) });
    renderStorefront(<LoginPage />, { route: '/login' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'x@y.nl' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDisabled());
    release(reply(401, { error: 'Invalid email or password' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed');
    expect(screen.getByLabelText('Email')).not.toBeDisabled();
  });

  it('switches to sign-up with the footer link, clearing form and error', async () => {
    const api = mockApi({ 'POST /auth/register': () => ({ token: 'jwt', user }) });
    renderStorefront(<LoginPage />, { route: '/login' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'x@y.nl' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign In' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@y.nl' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(api.find('POST', '/auth/register')).toHaveLength(1);
  });

  it('sends an already signed-in visitor to /', async () => {
    signInAs('user');
    mockApi({});
    renderStorefront(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
