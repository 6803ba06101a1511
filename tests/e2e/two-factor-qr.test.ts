/**
 * Setting up two-factor sign-in shows the key as a QR code to scan, as GitHub and every bank do, beside the key as
 * text and its otpauth:// link: a square big enough for a phone's camera, in view at a laptop's width and a
 * phone's, dark on white in the dark theme too, and drawing exactly the link the page offers (its modules read
 * back from the drawn image). Nothing moves as the code appears; axe stays clean in both themes.
 */
import type { Page } from 'playwright-core';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, hydrated, SIZES, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

/** A phone camera reads a code of 49 modules well from about 4 px a module. */
const SMALLEST = 160;
const CLS_LIMIT = 0.01;

function recordShifts(): void {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The drawn code's modules, read back from its pixels: true where a module is dark. */
const drawnModules = (page: Page) =>
  page.locator('[data-qr-code] svg').evaluate(async (svg: SVGSVGElement) => {
    const n = svg.viewBox.baseVal.width;
    const scale = 4;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = n * scale;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, n * scale, n * scale);
    const pixels = context.getImageData(0, 0, n * scale, n * scale).data;
    return Array.from({ length: n }, (_, y) =>
      Array.from({ length: n }, (_, x) => {
        const at = ((y * scale + scale / 2) * n * scale + x * scale + scale / 2) * 4;
        return pixels[at + 3]! > 128 && pixels[at]! < 128;
      }),
    );
  });

describe.skipIf(!hasBrowser)('two-factor setup shows a QR code', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of EACH_SIZE)
    it(`at ${size} size: a code to scan of the offered link, in view, dark on white in both themes`, async () => {
      const account = await signUp(api, `Qr Reader ${size}`);
      await withPage(browser, server.url, { size, account }, async (page) => {
        await page.addInitScript(recordShifts);
        await page.goto('/profile');
        await hydrated(page);
        const section = page.getByRole('region', { name: 'Two-factor sign-in' });
        await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        const code = section.getByRole('img', { name: /^QR code of the key/ });
        await code.waitFor();
        const box = (await code.boundingBox())!;
        expect(Math.abs(box.width - box.height)).toBeLessThan(1);
        expect(box.width).toBeGreaterThanOrEqual(SMALLEST);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(SIZES[size].width);

        const link = await section.getByRole('link', { name: 'open it in the app' }).getAttribute('href');
        expect(link).toMatch(/^otpauth:\/\/totp\//);
        expect(await drawnModules(page)).toEqual(encode(link!, { ecc: 'M', border: 4 }).data);

        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          const background = await page
            .locator('[data-qr-code]')
            .evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(background, theme).toBe('rgb(255, 255, 255)');
        }
        await page.emulateMedia({ colorScheme: 'light' });
        await page.screenshot({ path: `/tmp/shots/two-factor-qr-${SIZES[size].width}.png` });
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        expect(shifts.reduce((sum, s) => sum + s, 0)).toBeLessThanOrEqual(CLS_LIMIT);
        expect(await axeViolations(page, `two-factor setup with its QR code (${size})`)).toEqual([]);
      });
    });
});
