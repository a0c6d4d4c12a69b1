import { recordHash, textHash52 } from './fingerprint';

describe('record hashes', () => {
  it('tell apart a million records that differ in a price, a digit or one swapped pair of characters', () => {
    const line = (n: number, price: string) =>
      `A${n},"Product ${n} van merk ${n % 500}","Omschrijving van product ${n}",${price},EUR,3.95,"1-2 werkdagen",${2_000_000 + n}\n`;
    const hashes = new Set<number>();
    for (let n = 1; n <= 500_000; n++) {
      hashes.add(textHash52(line(n, '12.95')));
      hashes.add(textHash52(line(n, '12.59')));
    }
    expect(hashes.size).toBe(1_000_000);
    for (const hash of [...hashes].slice(0, 1000)) expect(Number.isSafeInteger(hash) && hash >= 0 && hash < 2 ** 52).toBe(true);
  });

  it('are the same for the same text and reading, and differ for the last character of an odd-length text or another reading', () => {
    expect(textHash52('Crème brûlée,€ 5\n')).toBe(textHash52(`Crème brûlée,€ ${5}\n`));
    expect(textHash52('abc')).not.toBe(textHash52('abd'));
    expect(textHash52('ab')).not.toBe(textHash52('ab\u0000'));
    expect(textHash52('')).not.toBe(textHash52('\u0000'));
    expect(recordHash(1, 'x')).not.toBe(recordHash(2, 'x'));
    expect(recordHash(2 ** 52 - 1, 'x')).toBeLessThan(2 ** 52);
  });
});
