import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@koopjesland/shared';
import { currentLocation, signInAs, signOut, mockApi, reply } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import AccountPage from './AccountPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

// The providers check stored credentials once per page; do it now, so signInAs() below is not undone.
beforeAll(() => useAuthStore.getState().initialize());

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('forgot password', () => {
  it('answers the same for any address and says the link lasts 30 minutes', async () => {
    const api = mockApi({ 'POST /auth/forgot-password': () => ({ success: true }) });
    renderStorefront(<ForgotPasswordPage />, { route: '/forgot-password' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' wie@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for wie@example.com, we have sent it a link to reset the password. The link is valid for 30 minutes.'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/auth/forgot-password')[0]!.body).toEqual({ email: 'wie@example.com' });
  });

  it('asks for the email first', async () => {
    const api = mockApi({});
    renderStorefront(<ForgotPasswordPage />, { route: '/forgot-password' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('reset password', () => {
  it('sets the new password with the token of the link', async () => {
    const api = mockApi({ 'POST /auth/reset-password': () => ({ success: true }) });
    renderStorefront(<ResetPasswordPage />, { route: '/reset-password?token=abc123' });
    await screen.findByLabelText('New password');
    typeInto('New password', 'Zomerkorting2026');
    typeInto('Repeat the new password', 'Zomerkorting2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed. You can now sign in with it.')).toBeInTheDocument();
    expect(api.find('POST', '/auth/reset-password')[0]!.body).toEqual({ token: 'abc123', password: 'Zomerkorting2026' });
  });

  it('shows why an expired or used link is refused, and checks the repeat', async () => {
    mockApi({
      'POST /auth/reset-password': () => reply(400, { error: 'Invalid token', details: 'This reset link is invalid or has expired' }),
    });
    renderStorefront(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    await screen.findByLabelText('New password');
    typeInto('New password', 'Zomerkorting2026');
    typeInto('Repeat the new password', 'Wintersale2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    typeInto('Repeat the new password', 'Zomerkorting2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
  });

  it('says so when the link has no token', async () => {
    mockApi({});
    renderStorefront(<ResetPasswordPage />, { route: '/reset-password' });
    expect(await screen.findByText('This reset link is incomplete. Ask for a new one.')).toBeInTheDocument();
  });
});

describe('account page', () => {
  beforeEach(() => localStorage.clear());

  it('sends an anonymous visitor to sign in first', async () => {
    signOut();
    mockApi({});
    renderStorefront(<AccountPage />, { route: '/account', path: '/account' });
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Faccount'));
  });

  it('changes the password with the current one', async () => {
    signInAs('user', { email: 'demo@koopjesland.nl' });
    const api = mockApi({
      'POST /auth/change-password': (request) =>
        (request.body as { currentPassword: string }).currentPassword === 'fout'
          ? reply(400, { error: 'Invalid currentPassword', details: 'Current password is incorrect' })
          : { success: true },
    });
    renderStorefront(<AccountPage />, { route: '/account', path: '/account' });
    expect(await screen.findByText('demo@koopjesland.nl')).toBeInTheDocument();
    typeInto('Current password', 'fout');
    typeInto('New password', 'Zomerkorting2026');
    typeInto('Repeat the new password', 'Zomerkorting2026');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Invalid currentPassword: Current password is incorrect')).toBeInTheDocument();
    typeInto('Current password', 'goed-wachtwoord');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(api.find('POST', '/auth/change-password').at(-1)!.body).toEqual({ currentPassword: 'goed-wachtwoord', newPassword: 'Zomerkorting2026' });
  });

  it('deletes the account after confirmation and signs out', async () => {
    signInAs('user', { email: 'demo@koopjesland.nl' });
    const api = mockApi({ 'DELETE /auth/account': () => ({ success: true }), 'POST /auth/logout': () => ({ success: true }) });
    renderStorefront(<AccountPage />, { route: '/account', path: '/account' });
    await screen.findByText('demo@koopjesland.nl');
    typeInto('Password', 'mijn-wachtwoord');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Delete your account for good?')).toBeInTheDocument();
    const confirmButtons = screen.getAllByRole('button', { name: 'Delete my account' });
    fireEvent.click(confirmButtons.at(-1)!);
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(api.find('DELETE', '/auth/account')[0]!.body).toEqual({ password: 'mijn-wachtwoord' });
  });
});
