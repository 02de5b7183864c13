import { TextkitError } from './errors.ts';

export type TextEncodingName = 'utf-8' | 'gbk' | 'utf-16le' | 'utf-16be';

/**
 * Decode a plain-text file: BOM first, then strict UTF-8, then GBK (GB18030 decoder, a superset). UTF-16 files
 * without a BOM are recognised by their zero bytes. Binary data (NUL bytes that are not UTF-16) is refused.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const sample = bytes.subarray(0, 4096);
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) zeroEven++;
      else zeroOdd++;
    }
  }
  const half = sample.length / 2;
  if (half > 0 && zeroOdd > half * 0.2 && zeroEven < zeroOdd / 10) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  }
  if (half > 0 && zeroEven > half * 0.2 && zeroOdd < zeroEven / 10) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  }
  if (zeroEven + zeroOdd > 0) throw new TextkitError('UNREADABLE_FILE');
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // not UTF-8: Chinese Windows text files are GBK
  }
  try {
    return { text: new TextDecoder('gbk', { fatal: true }).decode(bytes), encoding: 'gbk' };
  } catch (cause) {
    throw new TextkitError('UNREADABLE_FILE', { cause });
  }
}
