/**
 * A server-rendered page keeps the origin the server built its addresses from (configuration)
 * when the browser renders it again: hydration and later navigation show the same canonical
 * address, whatever host the browser's address bar names.
 */
import { render, screen } from '@testing-library/react';
import { usePageOrigin } from './page-context';

function Canonical() {
  return <p>{`${usePageOrigin()}/laptops`}</p>;
}

it('uses the origin the server rendered with, not the address bar’s', () => {
  const state = document.createElement('script');
  state.id = 'kl-state';
  state.type = 'application/json';
  state.textContent = JSON.stringify({ language: 'nl', siteConfiguration: null, stores: {}, origin: 'https://www.koopjesland.test' });
  document.head.append(state);
  expect(window.location.origin).not.toBe('https://www.koopjesland.test');
  render(<Canonical />);
  expect(screen.getByText('https://www.koopjesland.test/laptops')).toBeInTheDocument();
});
