import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
let fontCache: { regular: Buffer; bold: Buffer } | null = null;
/** Noto Sans SC (TTF, shipped by an npm package): pdfkit embeds the subset of the glyphs a document uses. */
function fonts() {
  fontCache ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, '400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(path.join(FONT_DIR, '700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fontCache;
}

/** PDF points per millimetre. */
export const MM = 72 / 25.4;

/**
 * A new PDF of a label's size in millimetres (no margins) or A4, with the CJK fonts registered as `cjk` and `cjk-bold`;
 * `done` resolves to the bytes once `doc.end()` is called.
 */
export async function newPdf(size: readonly [number, number] | 'A4', title: string, layout: 'portrait' | 'landscape' = 'portrait') {
  // Loaded at the first document, not at the server's start (it is large and most servers print rarely).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: size === 'A4' ? 'A4' : [size[0] * MM, size[1] * MM],
    layout,
    margin: size === 'A4' ? 36 : 0,
    info: { Title: title, Creator: 'Waystation' },
  });
  const { regular, bold } = fonts();
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, done };
}

/** A Code128 barcode image (PNG) for a label. */
export const code128 = async (text: string, height = 14) =>
  (await import('bwip-js/node')).default.toBuffer({ bcid: 'code128', text, scale: 3, height, includetext: false });
