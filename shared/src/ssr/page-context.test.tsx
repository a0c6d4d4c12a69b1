import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useHydrated } from './page-context';

function BuyButton() {
  const hydrated = useHydrated();
  return (
    <button type="button" disabled={!hydrated}>
      Add to wishlist
    </button>
  );
}

describe('useHydrated', () => {
  it('keeps script-driven controls disabled in the server markup and enables them once hydrated, without a mismatch', async () => {
    const markup = renderToString(<BuyButton />);
    expect(markup).toContain('disabled=""');

    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.appendChild(container);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, <BuyButton />, { onRecoverableError: recoverable });
    });
    expect(container.querySelector('button')).toBeEnabled();
    expect(recoverable).not.toHaveBeenCalled();
  });
});
