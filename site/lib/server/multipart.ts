/**
 * One file field of a multipart/form-data body (RFC 7578), found by scanning its bytes for the boundary in native
 * code and answered as a view of them. The platform's own parser (`Response.formData()`) copied a 5 MB image
 * into a Blob through JavaScript: 50–100 ms of the event loop for one upload.
 */
import { AppError } from '#db/errors.ts';

const NOT_MULTIPART = 'The upload is not valid multipart/form-data';
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary a multipart content type names (quoted or not), or undefined. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The field name a part's headers give in their Content-Disposition, or undefined. */
function fieldNameOf(headers: string): string | undefined {
  const disposition = /^content-disposition:\s*form-data\s*(;.*)$/im.exec(headers)?.[1];
  if (!disposition) return undefined;
  return /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? /;\s*name=([^;\s"]+)/i.exec(disposition)?.[1];
}

export interface FilePart {
  /** The part's bytes, a view of the body (not copied). */
  bytes: Uint8Array;
  /** Whether the part came with a filename (a file chosen in a form) rather than as a text value. */
  isFile: boolean;
}

/**
 * The part of `body` sent as the field `field`, or undefined when it has none; a body that is not multipart
 * by `contentType`'s boundary is refused (400).
 */
export function multipartField(body: Uint8Array, contentType: string, field: string): FilePart | undefined {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new AppError('VALIDATION', NOT_MULTIPART);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body, without the line break before it.
  let at = bytes.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? -2 : bytes.indexOf(delimiter);
  for (;;) {
    if (at === -1) throw new AppError('VALIDATION', NOT_MULTIPART);
    const afterDelimiter = at + delimiter.length;
    if (bytes[afterDelimiter] === 0x2d && bytes[afterDelimiter + 1] === 0x2d) return undefined;
    const headersStart = bytes.indexOf(CRLF, afterDelimiter) + CRLF.length;
    const headersEnd = bytes.indexOf(HEADERS_END, headersStart - CRLF.length);
    if (headersStart < CRLF.length || headersEnd === -1) throw new AppError('VALIDATION', NOT_MULTIPART);
    const contentStart = headersEnd + HEADERS_END.length;
    const next = bytes.indexOf(delimiter, contentStart);
    if (next === -1) throw new AppError('VALIDATION', NOT_MULTIPART);
    const headers = bytes.toString('utf8', headersStart, Math.max(headersStart, headersEnd));
    if (fieldNameOf(headers) === field)
      return { bytes: body.subarray(contentStart, next), isFile: /;\s*filename\*?=/i.test(headers) };
    at = next;
  }
}
