import { missingKeys } from '@koopjesland/shared';
import en from './en.json';
import nl from './nl.json';

it('has every admin kit text in Dutch and English', () => {
  expect(missingKeys(en, nl)).toEqual([]);
  expect(missingKeys(nl, en)).toEqual([]);
});
