/**
 * Typed arrays over shared memory: what a search reads by the thousand (the word index's postings, the facet
 * table's codes, the first pass's scratch) is read where it is by the search's helper thread
 * (search-helper.ts), never copied to it.
 */
type TypedArrayKind<T> = { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number };

/** A zeroed array of `length` elements of `Kind` over shared memory. */
export function shared<T>(Kind: TypedArrayKind<T>, length: number): T {
  return new Kind(new SharedArrayBuffer(Math.max(0, length) * Kind.BYTES_PER_ELEMENT));
}

/** A copy of `values` over shared memory. */
export function sharedCopy<T extends Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>(
  Kind: TypedArrayKind<T>,
  values: ArrayLike<number>,
): T {
  const copy = shared(Kind, values.length);
  copy.set(values);
  return copy;
}
