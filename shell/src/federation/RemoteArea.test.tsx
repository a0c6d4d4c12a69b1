import { registerRemotes } from '@module-federation/enhanced/runtime';
import { changeLanguage } from '@koopjesland/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInAs } from '@koopjesland/shared/testing';
import { mockedLoadRemote, prepareShell, remoteAreaStub, renderShellRoutes } from '../test/render-shell';
import { IncompatibleRemoteError } from './compatibility';
import { clearRemoteVersions, recordRemoteVersion } from './remote-versions';
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

describe('a remote built for other shared versions', () => {
  it('says so in English inside its area', async () => {
    mockedLoadRemote.mockRejectedValue(new IncompatibleRemoteError('React', '18.3.1', '19.3.1', 'configAdmin'));

    renderShellRoutes('/admin/users');
    const alert = await screen.findByRole('alert', undefined, { timeout: 8000 });
    expect(alert).toHaveTextContent(
      'This part of the site was built for another version of the site and cannot be shown.',
    );
    expect(alert).toHaveTextContent('It needs React 18.3.1, but the site runs React 19.3.1.');
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('says so in Dutch', async () => {
    await changeLanguage('nl');
    mockedLoadRemote.mockRejectedValue(
      new IncompatibleRemoteError('@koopjesland/shared', '0.2.0', '0.1.0', 'configAdmin'),
    );

    renderShellRoutes('/admin/users');
    const alert = await screen.findByRole('alert', undefined, { timeout: 8000 });
    expect(alert).toHaveTextContent(
      'Dit deel van de site is gebouwd voor een andere versie van de site en kan niet worden getoond.',
    );
    expect(alert).toHaveTextContent(
      'Het heeft @koopjesland/shared 0.2.0 nodig, maar de site draait op @koopjesland/shared 0.1.0.',
    );
  });
});

describe("the admin's About dialog", () => {
  beforeEach(() => clearRemoteVersions());

  /** Opens About from the sidebar: it names the version the current area's remote reports. */
  const openAbout = async () => {
    await userEvent.click(await screen.findByRole('button', { name: /About$/ }, { timeout: 8000 }));
    return screen.findByRole('dialog', { name: 'About this admin' });
  };

  it("shows the version the current area's remote reports, and another area's own; no footer line under every page", async () => {
    mockedLoadRemote.mockImplementation(remoteAreaStub);
    recordRemoteVersion('configAdmin', '0.1.0');
    recordRemoteVersion('storeAdmin', '0.3.0-beta');

    renderShellRoutes('/admin/users');
    expect(await screen.findByText('configAdmin area', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByText(/mfe-config-admin version/)).not.toBeInTheDocument();
    expect(await openAbout()).toHaveTextContent('mfe-config-admin version 0.1.0');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About this admin' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('link', { name: 'Stores' }));
    expect(await openAbout()).toHaveTextContent('mfe-store-admin version 0.3.0-beta');
    expect(screen.queryByText(/mfe-config-admin/)).not.toBeInTheDocument();
  });

  it('shows a version reported after the area loaded (a redeployed remote read on reload)', async () => {
    mockedLoadRemote.mockImplementation(remoteAreaStub);

    renderShellRoutes('/admin/users');
    const about = await openAbout();
    expect(about).not.toHaveTextContent('version');
    act(() => recordRemoteVersion('configAdmin', '0.2.0'));
    expect(about).toHaveTextContent('mfe-config-admin version 0.2.0');
  });
});
