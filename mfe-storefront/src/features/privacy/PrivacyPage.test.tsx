import { screen } from '@testing-library/react';
import { act } from 'react';
import { changeLanguage } from '@koopjesland/shared';
import { mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import PrivacyPage from './PrivacyPage';

describe('PrivacyPage', () => {
  it('lists what the site stores in the browser and on the server', async () => {
    mockApi({});
    renderStorefront(<PrivacyPage />, { route: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    for (const stored of ['authToken', 'authUser', 'cookie_consent', 'i18nextLng', 'Recently viewed', 'Category preferences', 'Click-outs']) {
      expect(screen.getByText(stored)).toBeInTheDocument();
    }
    expect(document.title).toBe('Privacy policy');
  });

  it('speaks Dutch by default', async () => {
    mockApi({});
    renderStorefront(<PrivacyPage />, { route: '/privacy' });
    await act(() => changeLanguage('nl'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacybeleid' })).toBeInTheDocument();
    expect(screen.getByText('Recent bekeken')).toBeInTheDocument();
  });
});
