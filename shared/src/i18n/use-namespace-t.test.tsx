import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, initI18n, registerTranslations } from './index';
import { useNamespaceT } from './use-namespace-t';

registerTranslations('probe', {
  nl: { greeting: 'Hallo {{name}}', only: 'Alleen Nederlands' },
  en: { greeting: 'Hello {{name}}', only: 'English only' },
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
