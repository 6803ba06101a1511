import { describe, expect, it } from 'vitest';
import { escapeXml, xmlResponse } from './xml.ts';

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('removes characters XML 1.0 forbids and keeps the ones it allows', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne\rf\uFFFF')).toBe('abc\td\ne\rf');
  });

  it('keeps emoji (surrogate pairs) and removes lone surrogates', () => {
    expect(escapeXml('ok 🎉')).toBe('ok 🎉');
    expect(escapeXml('bad \uD800 end \uDC00')).toBe('bad  end ');
  });
});

describe('xmlResponse', () => {
  it('declares the type and charset', async () => {
    const response = xmlResponse('<x/>', 'application/atom+xml');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await response.text()).toBe('<x/>');
  });
});
