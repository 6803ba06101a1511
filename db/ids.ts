import { encodeHexLowerCase } from '@oslojs/encoding';

/** A new random id: 24 lowercase hex characters (96 bits), the shape API clients know from `_id`. */
export function newId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return encodeHexLowerCase(bytes);
}

export const isId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);
