/** Writing XML by hand (sitemap, feed) safely. Imports nothing. */

// XML 1.0 allows only tab, newline and carriage return below U+0020, and neither lone surrogates nor U+FFFE/U+FFFF.
const INVALID_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls XML 1.0 forbids are found to be dropped
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or a quoted attribute: markup characters escaped, characters XML forbids removed. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** An XML response with the right type and a short public cache. */
export function xmlResponse(body: string, contentType = 'application/xml'): Response {
  return new Response(body, {
    headers: { 'content-type': `${contentType}; charset=utf-8`, 'cache-control': 'public, max-age=300' },
  });
}
