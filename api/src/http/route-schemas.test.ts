import { MAX_ID, idField } from './route-schemas';

describe('idField', () => {
  it('accepts positive ids as numbers or plain decimal text', () => {
    expect(idField.parse(7)).toBe(7);
    expect(idField.parse('7')).toBe(7);
    expect(idField.parse(String(MAX_ID))).toBe(MAX_ID);
  });

  it.each(['1e3', '0x10', ' 7', '7 ', '+7', '07', '0', '-1', '1.5', '', '2147483648', '99999999999', 'abc', '7\u0000'])(
    'refuses %j',
    (text) => {
      expect(idField.safeParse(text).success).toBe(false);
    },
  );

  it('refuses numbers that cannot be an id', () => {
    for (const value of [0, -3, 1.5, MAX_ID + 1, 1_099_511_627_776, Number.NaN]) {
      expect(idField.safeParse(value).success).toBe(false);
    }
  });
});
