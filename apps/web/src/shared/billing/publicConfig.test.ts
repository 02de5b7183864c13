import { expect, it } from 'vitest';
import { editionPrices, numberSetting } from './publicConfig.ts';

const entries = [
  { key: 'price.check.standard', value: { unit: 'per_1000_chars', fen: 50, label: '0.5 元/千字' } },
  { key: 'price.check.professional', value: 'not a price' },
  { key: 'price.check.other', value: { unit: 'per_1000_chars', fen: 9, label: '' } },
  { key: 'limit.check.maxUploadMb', value: 30 },
  { key: 'limit.check.maxChars', value: '300000' },
];

it('reads the named editions whose entry is a price, and nothing else', () => {
  expect(editionPrices(entries, 'check', ['standard', 'professional'])).toEqual({ standard: 50 });
});

it('reads a numeric setting, or the fallback when it is absent or not a number', () => {
  expect(numberSetting(entries, 'limit.check.maxUploadMb', 20)).toBe(30);
  expect(numberSetting(entries, 'limit.check.maxChars', 300_000)).toBe(300_000);
  expect(numberSetting(entries, 'limit.check.missing', 7)).toBe(7);
});
