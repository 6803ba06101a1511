import { randomBytes } from 'node:crypto';
import { Base64, fromUint8Array, toUint8Array } from 'js-base64';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './blob-base64.ts';

describe("a blob's base64 for the libSQL client", () => {
  it("answers as js-base64's own functions do, for any length, view and alphabet", () => {
    for (const size of [0, 1, 2, 3, 4, 5, 1000, 4097, 65_537]) {
      const pool = randomBytes(size + 7);
      const bytes = pool.subarray(3, 3 + size);
      for (const urlSafe of [false, true]) {
        const text = bytesToBase64(bytes, urlSafe);
        expect(text).toBe(fromUint8Array(new Uint8Array(bytes), urlSafe));
        expect(base64ToBytes(text)).toEqual(toUint8Array(text));
      }
    }
  });

  it('decodes to bytes of their own: a copy with slice() holds only them', () => {
    const decoded = base64ToBytes(bytesToBase64(new Uint8Array([1, 2, 3])));
    expect(decoded).not.toBeInstanceOf(Buffer);
    expect(new Uint8Array(decoded.slice().buffer)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('is what the client finds on js-base64 once the database module is loaded', async () => {
    await import('./client.ts');
    expect(Base64.fromUint8Array).toBe(bytesToBase64);
    expect(Base64.toUint8Array).toBe(base64ToBytes);
  });
});
