import { screen } from '@testing-library/react';
import { mockApi } from '@koopjesland/shared/testing';
import { renderStorefront } from '../../test/render';
import { makePrice, makeProduct } from '../../test/fixtures';
import { ProductCard } from '../products/ProductCard';
import { PriceList } from '../product/PriceList';

describe('deal badge', () => {
  beforeEach(() => mockApi({}));

  it('shows "Deal: x % below the usual price" on a product that is a deal against its usual price', async () => {
    renderStorefront(<ProductCard product={makeProduct({ name: 'Koptelefoon', referencePrice: 10000, dealPercentage: 20 })} />);
    expect(await screen.findByText('Koptelefoon')).toBeInTheDocument();
    expect(screen.getByText('Deal: 20 % below the usual price')).toBeInTheDocument();
  });

  it('rounds the score to whole percents', async () => {
    renderStorefront(<ProductCard product={makeProduct({ referencePrice: 10000, dealPercentage: 12.6 })} />);
    expect(await screen.findByText('Deal: 13 % below the usual price')).toBeInTheDocument();
  });

  it('is not shown for a price drop that is no deal (raised yesterday, lowered today), but the drop badge is', async () => {
    renderStorefront(
      <ProductCard
        product={makeProduct({ name: 'Speaker', priceChange: -5000, percentageChange: -33.3, referencePrice: 10000, dealPercentage: null })}
      />,
    );
    expect(await screen.findByText('Speaker')).toBeInTheDocument();
    expect(screen.getByText('-33,3%')).toBeInTheDocument();
    expect(screen.queryByText(/below the usual price/)).not.toBeInTheDocument();
  });

  it('is not shown without a usual price', async () => {
    renderStorefront(<ProductCard product={makeProduct({ name: 'Nieuw', referencePrice: null, dealPercentage: null })} />);
    expect(await screen.findByText('Nieuw')).toBeInTheDocument();
    expect(screen.queryByText(/below the usual price/)).not.toBeInTheDocument();
  });
});

describe('"from" price of an offer', () => {
  beforeEach(() => mockApi({}));

  it('is struck through beside the price when the store charged it lately, and absent otherwise', async () => {
    const product = makeProduct({
      prices: [
        makePrice({ id: 1, amount: 8000, shipping: 0, total: 8000, fromPrice: 10000, store: { id: 1, name: 'Bol', logo: null } }),
        makePrice({ id: 2, amount: 9000, shipping: 0, total: 9000, fromPrice: null, isLowest: false, store: { id: 2, name: 'Coolblue', logo: null } }),
      ],
    });
    renderStorefront(<PriceList product={product} />);
    const was = await screen.findByText(/^Was /);
    expect(was.closest('del')).not.toBeNull();
    expect(was.textContent).toMatch(/100,00/);
    expect(screen.getAllByText(/^Was /)).toHaveLength(1);
  });
});
