import { missingKeys } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

describe('translations', () => {
  it('nl and en have the same keys', () => {
    expect(missingKeys(nl, en)).toEqual([]);
    expect(missingKeys(en, nl)).toEqual([]);
  });
});
