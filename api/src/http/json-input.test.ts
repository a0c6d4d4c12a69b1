import { jsonTooDeepAt, MAX_JSON_DEPTH, nulAt } from './json-input';

const nested = (levels: number, open = '[') => `${open.repeat(levels)}${(open === '[' ? ']' : '}').repeat(levels)}`;

describe('the depth of JSON text', () => {
  it('allows 32 levels and names where the 33rd opens', () => {
    expect(jsonTooDeepAt(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTooDeepAt(nested(MAX_JSON_DEPTH + 1))).toEqual(new Array(MAX_JSON_DEPTH).fill(0));
    expect(jsonTooDeepAt(`{"a":1,"b":[0,{"c":${nested(31)}}]}`)).toEqual(['b', 1, 'c', ...new Array(29).fill(0)]);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ '[{': '['.repeat(100), 'say "[["': `\\"${'{'.repeat(50)}` });
    expect(jsonTooDeepAt(text)).toBeNull();
    expect(jsonTooDeepAt(`{"k\\"[":${nested(40)}}`)).toEqual(['k"[', ...new Array(31).fill(0)]);
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(jsonTooDeepAt('{"open')).toBeNull();
    expect(jsonTooDeepAt(']]]]')).toBeNull();
  });
});

describe('a NUL in parsed JSON', () => {
  it('is found in a string or a key at any depth, and named by its path', () => {
    expect(nulAt({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(nulAt({ a: { ['k\u0000ey']: 1 } })).toEqual(['a', 'key']);
    expect(nulAt({ a: ['ok', null, 3] })).toBeNull();
  });
});
