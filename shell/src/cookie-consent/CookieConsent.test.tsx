import { changeLanguage, PageContextProvider } from '@koopjesland/shared';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { initShellI18n } from '../i18n';
import { CookieConsent } from './CookieConsent';

beforeAll(async () => {
  initShellI18n();
  await changeLanguage('en');
});

beforeEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
});

const dialog = () => screen.queryByRole('dialog', { name: 'We value your privacy' });

describe('cookie consent (docs/product.md §2)', () => {
  it('shows the dialog with the privacy policy and both choices while undecided', () => {
    render(<CookieConsent />);
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Essential only' })).toBeInTheDocument();
  });

  it('sends its buttons disabled from the server, so a click before hydration is not silently lost', () => {
    const container = document.createElement('div');
    // A server render for a visitor whose request carried no choice.
    container.innerHTML = renderToString(
      <PageContextProvider value={{ origin: 'https://www.koopjesland.test', hints: { mobile: false, consentDecided: false } }}>
        <CookieConsent />
      </PageContextProvider>,
    );
    const buttons = [...container.querySelectorAll('button')];
    expect(buttons.map((button) => [button.textContent, button.disabled])).toEqual([
      ['Essential only', true],
      ['Accept all', true],
    ]);
  });

  it.each([
    ['Accept all', 'all'],
    ['Essential only', 'essential'],
  ])('"%s" stores %s under cookie_consent and the dialog stays away afterwards', async (button, stored) => {
    const { unmount } = render(<CookieConsent />);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(window.localStorage.getItem('cookie_consent')).toBe(stored);
    // The server learns of the choice from its cookie copy (its pages then come without the dialog).
    expect(document.cookie).toContain(`cookie_consent=${stored}`);
    expect(dialog()).not.toBeInTheDocument();
    unmount();
    render(<CookieConsent />);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('shows the dialog every time when storage is unavailable', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { unmount } = render(<CookieConsent />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(dialog()).not.toBeInTheDocument();
    unmount();
    render(<CookieConsent />);
    expect(dialog()).toBeInTheDocument();
    expect(document.cookie).not.toContain('cookie_consent');
  });

  it('speaks Dutch by default', async () => {
    await changeLanguage('nl');
    const { unmount } = render(<CookieConsent />);
    expect(screen.getByRole('dialog', { name: 'Wij hechten waarde aan je privacy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alles accepteren' })).toBeInTheDocument();
    unmount(); // switching back below must not re-render a mounted dialog outside act()
    await changeLanguage('en');
  });
});
