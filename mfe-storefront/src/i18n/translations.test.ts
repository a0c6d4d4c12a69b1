import { missingKeys } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

describe('storefront translations', () => {
  it('has every English key in Dutch', () => {
    expect(missingKeys(en, nl)).toEqual([]);
  });
  it('has every Dutch key in English', () => {
    expect(missingKeys(nl, en)).toEqual([]);
  });
  it('keeps the spec texts verbatim in English', () => {
    expect(en.home.noPriceDrops).toBe('No price drops found');
    expect(en.home.checkBackLater).toBe('Check back later for amazing deals!');
    expect(en.product.notFound).toBe("The product you're looking for could not be found.");
    expect(en.login.fillAllFields).toBe('Please fill in all fields');
    expect(en.category.noProducts).toBe('No products found matching the current filters.');
  });
});
