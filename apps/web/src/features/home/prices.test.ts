import { describe, expect, it } from 'vitest';
import { formatFen, lowestPrices, readPrice, serviceKey } from './prices.ts';

describe('home price lines', () => {
  it('reads numbers and objects with an amount in fen', () => {
    expect(readPrice('price.check.standard', 150)).toMatchObject({
      service: 'check',
      edition: 'standard',
      amountFen: 150,
      unit: null,
    });
    expect(readPrice('price.check.pro', { fen: 300, unit: '千字' })).toMatchObject({
      amountFen: 300,
      unit: '千字',
    });
    expect(readPrice('price.ppt.deck', { amount: 990, per: 'deck', label: '单份' })).toMatchObject({
      amountFen: 990,
      unit: '份',
      label: '单份',
    });
    expect(readPrice('price.check.x', { unit: 'per_1000_chars', priceFen: 50 })?.unit).toBe('千字');
  });

  it('ignores values that are not prices', () => {
    expect(readPrice('price.check.x', 'cheap')).toBeNull();
    expect(readPrice('price.check.x', { note: 1 })).toBeNull();
    expect(readPrice('price.check.x', -5)).toBeNull();
    expect(readPrice('price', 5)).toBeNull();
  });

  it('keeps the lowest price per service and matches service keys loosely', () => {
    const m = lowestPrices([
      { key: 'price.check.pro', value: 300 },
      { key: 'price.check.standard', value: 150 },
      { key: 'price.aigc_check.standard', value: { fen: 100, unit: '千字' } },
      { key: 'limit.check.maxChars', value: 1 },
    ]);
    expect(m.get('check')?.amountFen).toBe(150);
    expect(m.get(serviceKey('aigc_check'))?.amountFen).toBe(100);
    expect(m.get(serviceKey('aigcCheck'))?.amountFen).toBe(100);
    expect(m.size).toBe(2);
    expect(lowestPrices([]).size).toBe(0);
  });

  it('formats fen as yuan', () => {
    expect(formatFen(1500)).toBe('¥15');
    expect(formatFen(150)).toBe('¥1.50');
    expect(formatFen(5)).toBe('¥0.05');
  });
});
