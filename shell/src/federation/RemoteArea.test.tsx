import { registerRemotes } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockedLoadRemote, prepareShell, renderShellRoutes, signInAs } from '../test/render-shell';
import { initFederation } from './runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

beforeAll(prepareShell);

beforeEach(() => {
  initFederation(Promise.resolve({ configAdmin: 'http://cdn.test/config-admin/mf-manifest.json' }));
  signInAs('admin');
});

describe('a remote that fails to load', () => {
  it('shows an error with a retry inside its area, keeps the rest of the page, and loads on retry', async () => {
    let attempts = 0;
    mockedLoadRemote.mockImplementation(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch http://cdn.test/config-admin/mf-manifest.json');
      return { default: () => <p>users page</p> };
    });

    renderShellRoutes('/admin/users');
    expect(await screen.findByRole('alert', undefined, { timeout: 8000 })).toHaveTextContent(
      'This part of the site could not be loaded.',
    );
    expect(screen.getByText(/Failed to fetch http:\/\/cdn.test/)).toBeInTheDocument();
    // The admin layout around the failed area still works.
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('users page')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('users page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
    // The retry re-registers the remote so the runtime drops its failed entry.
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'configAdmin', entry: 'http://cdn.test/config-admin/mf-manifest.json' }],
      { force: true },
    );
  });

  it('catches a remote that throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Flaky(): React.ReactElement {
      if (broken) throw new Error('Remote exploded');
      return <p>users page</p>;
    }
    mockedLoadRemote.mockResolvedValue({ default: Flaky });

    renderShellRoutes('/admin/users');
    expect(await screen.findByText('Remote exploded', undefined, { timeout: 8000 })).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('users page')).toBeInTheDocument();
  });
});
