import { correctQuery, correctWord, foldWord, oneEditAway } from './search-corrections';

const words = new Map([
  ['samsung', 40],
  ['philips', 30],
  ['princess', 12],
  ['wasmachine', 25],
  ['samsonite', 3],
  ['creme', 2],
]);

describe('correctWord', () => {
  it.each([
    ['Samsnug', 'samsung', 'two letters swapped'],
    ['Philps', 'philips', 'a letter dropped'],
    ['Pricness', 'princess', 'two letters swapped'],
    ['Samsuung', 'samsung', 'a letter inserted'],
    ['Samsong', 'samsung', 'a letter replaced'],
    ['wasmachines', 'wasmachine', 'a plural the catalogue does not use'],
  ])('corrects %s to %s (%s)', (typed, meant) => {
    expect(correctWord(typed, words)).toBe(meant);
  });

  it('leaves words the catalogue uses, short words and words with no close match as typed', () => {
    expect(correctWord('Samsung', words)).toBe('Samsung');
    expect(correctWord('Crème', words)).toBe('Crème');
    expect(correctWord('Sansg', words)).toBe('Sansg');
    expect(correctWord('LG', words)).toBe('LG');
    expect(correctWord('broodrooster', words)).toBe('broodrooster');
  });

  it('prefers the word more products use when two are one edit away', () => {
    expect(correctWord('samsunge', new Map([['samsung', 5], ['samsunga', 1]]))).toBe('samsung');
  });
});

describe('correctQuery', () => {
  it('corrects only unknown words and keeps the rest of the query as typed', () => {
    expect(correctQuery('Samsnug wasmachine', words)).toBe('samsung wasmachine');
    expect(correctQuery('"Philps" -Samsnug tv', words)).toBe('"philips" -samsung tv');
    expect(correctQuery('Samsung wasmachine', words)).toBe('Samsung wasmachine');
  });
});

describe('helpers', () => {
  it('folds accents and case', () => expect(foldWord('Crème BRÛLÉE')).toBe('creme brulee'));
  it('generates every single edit and not the word itself', () => {
    const edits = oneEditAway('abc');
    expect(edits.has('abc')).toBe(false);
    for (const edit of ['bc', 'ac', 'ab', 'bac', 'acb', 'xbc', 'axc', 'abx', 'xabc', 'abcx']) expect(edits.has(edit)).toBe(true);
  });
});
