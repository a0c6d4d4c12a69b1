import { missingKeys } from '@koopjesland/shared';
import { adminMenu } from '@koopjesland/shared/front-ends';
import en from './en.json';
import nl from './nl.json';

/** The text at a dotted key (`admin.menu.users`), if any. */
function textAt(translations: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], translations);
}

describe('translations', () => {
  it('nl and en have the same keys', () => {
    expect(missingKeys(nl, en)).toEqual([]);
    expect(missingKeys(en, nl)).toEqual([]);
  });

  it('has a sidebar label for every admin section of the front-end manifest', () => {
    const untranslated = adminMenu()
      .map((item) => item.labelKey)
      .filter((key) => typeof textAt(nl, key) !== 'string' || typeof textAt(en, key) !== 'string');
    expect(untranslated).toEqual([]);
  });
});
