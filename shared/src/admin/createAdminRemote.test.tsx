import { changeLanguage, initI18n } from '@koopjesland/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { allowConsole } from '../../../scripts/jest/console-guard';
import { createAdminRemote } from './createAdminRemote';
import { useAdminNotices, useConfirm } from './feedback';
import { useAdminPath } from './paths';
import { createAdminApi } from './store';

let failOnRender = false;

function Shop() {
  const adminPath = useAdminPath();
  return <Link to={adminPath('shops', 7)}>Shop 7</Link>;
}

function Exploding() {
  if (failOnRender) throw new Error('Price list is broken');
  return <p>Prices are fine</p>;
}

function Actions() {
  const confirm = useConfirm();
  const notices = useAdminNotices();
  return (
    <>
      <Button
        onClick={async () => {
          const confirmed = await confirm({ content: 'deleteFeed', danger: true });
          if (confirmed) notices.success('Feed deleted');
          else notices.error('Kept the feed');
        }}
      >
        Delete feed
      </Button>
    </>
  );
}

const area = createAdminRemote({
  api: createAdminApi('testAdminApi', ['Thing']),
  registerTranslations: () => undefined,
  routes: (
    <>
      <Route path="shops" element={<Shop />} />
      <Route path="prices" element={<Exploding />} />
      <Route path="feeds" element={<Actions />} />
    </>
  ),
});

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/beheer/*" element={<area.Pages />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );

beforeAll(async () => {
  initI18n();
  await changeLanguage('en');
});

beforeEach(() => {
  failOnRender = false;
});

describe('createAdminRemote', () => {
  it('links relative to where the area is mounted', async () => {
    renderAt('/beheer/shops');
    await userEvent.click(screen.getByRole('link', { name: 'Shop 7' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/beheer/shops/7');
  });

  it('shows its not-found page for a path it does not know, with a way back', async () => {
    renderAt('/beheer/unknown/page');
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the admin' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/beheer$/);
  });

  it('catches a page that fails to render and offers a retry', async () => {
    allowConsole(/Price list is broken|The above error occurred/);
    failOnRender = true;
    renderAt('/beheer/prices');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Price list is broken')).toBeInTheDocument();
    failOnRender = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Prices are fine')).toBeInTheDocument();
  });

  it('asks with the product’s confirmation text and notifies the outcome', async () => {
    renderAt('/beheer/feeds');
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await screen.findByText('Are you sure you want to delete this feed?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Feed deleted')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Kept the feed')).toBeInTheDocument();
  });

  it('speaks Dutch by default', async () => {
    await changeLanguage('nl');
    try {
      const { unmount } = renderAt('/beheer/nergens');
      expect(screen.getByText('Pagina niet gevonden')).toBeInTheDocument();
      unmount();
    } finally {
      await changeLanguage('en');
    }
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
