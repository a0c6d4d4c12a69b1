import { languageOf } from './language';

it('reads the mail language from Accept-Language: the first of Dutch and English by preference', () => {
  expect(languageOf('en')).toBe('en');
  expect(languageOf('nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('nl');
  expect(languageOf('de-DE,de;q=0.9,en;q=0.8,nl;q=0.5')).toBe('en');
  expect(languageOf('en;q=0.4, NL-be;q=0.6')).toBe('nl');
  expect(languageOf('nl;q=0, en')).toBe('en');
});

it('tells nothing for other languages or no header, so the stored language stays', () => {
  expect(languageOf(undefined)).toBeUndefined();
  expect(languageOf('')).toBeUndefined();
  expect(languageOf('fr-FR,de;q=0.5')).toBeUndefined();
  expect(languageOf('*')).toBeUndefined();
});
