import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, initI18n, registerTranslations } from './index';
import { useNamespaceT } from './use-namespace-t';

registerTranslations('probe', {
  nl: {
    greeting: 'Hallo {{name}}',
    only: 'Alleen Nederlands',
    items_one: '{{count}} artikel',
    items_other: '{{count}} artikelen',
    total: 'Totaal {{ amount }} ({{qty}}x)',
    nested: '$t(probe:greeting) en welkom',
    withFormat: 'Vanaf {{price, uppercase}}',
  },
  en: {
    greeting: 'Hello {{name}}',
    only: 'English only',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    total: 'Total {{ amount }} ({{qty}}x)',
    nested: '$t(probe:greeting) and welcome',
    withFormat: 'From {{price, uppercase}}',
  },
});

function Greeting() {
  const { t, i18n } = useNamespaceT('probe');
  return (
    <p>
      {t('greeting', { name: 'Ans' })} · {t('errors.retry')} · {t('missing.key', 'a default')} · {i18n.language}
    </p>
  );
}

afterAll(() => changeLanguage('en'));

it('translates in its namespace (common as the fallback) and follows a change of language', async () => {
  await act(() => changeLanguage('nl'));
  render(<Greeting />);
  expect(screen.getByText(/^Hallo Ans · Opnieuw proberen · a default · nl$/)).toBeInTheDocument();
  await act(() => changeLanguage('en'));
  expect(screen.getByText(/^Hello Ans · Try again · a default · en$/)).toBeInTheDocument();
});

it('uses the instance it is given (the server renders with one clone per language)', () => {
  const dutch = initI18n().cloneInstance({ lng: 'nl', initAsync: false });
  render(
    <I18nextProvider i18n={dutch}>
      <Greeting />
    </I18nextProvider>,
  );
  expect(screen.getByText(/^Hallo Ans/)).toBeInTheDocument();
});

it('shows a text registered after it was first asked (a remote adds its texts when it loads)', async () => {
  await act(() => changeLanguage('en'));
  function Late() {
    const { t } = useNamespaceT('late');
    return <p>{t('title')}</p>;
  }
  const { rerender } = render(<Late />);
  expect(screen.getByText('title')).toBeInTheDocument();
  registerTranslations('late', { nl: { title: 'Later geladen' }, en: { title: 'Loaded later' } });
  rerender(<Late />);
  expect(screen.getByText('Loaded later')).toBeInTheDocument();
});

it('interpolates plain values itself and leaves plurals, nesting, formats and missing values to i18next', async () => {
  await act(() => changeLanguage('en'));
  function Texts() {
    const { t } = useNamespaceT('probe');
    return (
      <ul>
        <li>{t('greeting', { name: 'Bo' })}</li>
        <li>{t('greeting', { name: 'Cas' })}</li>
        <li>{t('items', { count: 1 })}</li>
        <li>{t('items', { count: 3 })}</li>
        <li>{t('total', { amount: '€ 5,00', qty: 2 })}</li>
        <li>{t('nested', { name: 'Dirk' })}</li>
        <li>{t('withFormat', { price: 'low' })}</li>
        <li>{t('greeting')}</li>
      </ul>
    );
  }
  render(<Texts />);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Hello Bo',
    'Hello Cas',
    '1 item',
    '3 items',
    'Total € 5,00 (2x)',
    'Hello Dirk and welcome',
    'From low',
    'Hello {{name}}',
  ]);
});
