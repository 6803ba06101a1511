/**
 * Blobs to and from a libSQL server in native code. The client's protocol over HTTP carries every blob as
 * base64 in JSON, through js-base64, whose functions run in JavaScript unless Uint8Array has its own (ES2026,
 * behind a flag in Node 24): 85 ms of the event loop to encode a 5 MB image, and a decode that splits the text
 * into a string per byte. The client calls them through js-base64's `Base64` object, so they are replaced
 * there by Buffer's, which answer the same.
 */
import { Base64 } from 'js-base64';

/** The bytes' base64 (padded), or in the URL-safe alphabet without padding: js-base64's `fromUint8Array`. */
export function bytesToBase64(bytes: Uint8Array, urlSafe = false): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(urlSafe ? 'base64url' : 'base64');
}

/**
 * The bytes `text` encodes, in either alphabet, as a plain Uint8Array: the client copies a blob with `slice()`,
 * which on a Buffer (a view into a shared pool for small ones) would not copy.
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(text, 'base64');
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/** Makes the libSQL client encode and decode blobs with Buffer's base64. */
export function encodeBlobsNatively(): void {
  Base64.fromUint8Array = bytesToBase64;
  Base64.toUint8Array = base64ToBytes;
}
