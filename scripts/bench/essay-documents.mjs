// Essay documents for the `essays` benchmark, generated the way backend/src/modules/essays/word-count/
// document-text.spec.ts generates them (pdf-lib, docx; the same vocabulary, lines of eight words, paragraphs of
// sixty), so the benchmark and the tests feed the word counter the same kind of file.
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const VOCABULARY = ['argument', 'evidence', 'Shakespeare', "author's", 'well-known', '1914', 'analysis', 'however', 'the', 'of', '£20', 'e.g.'];

/**
 * Deterministic essay text: `count` words (each counts as one word for countWords).
 * @param {number} count
 */
export function essayWords(count) {
  return Array.from({ length: count }, (_, i) => VOCABULARY[(i * 7) % VOCABULARY.length]);
}

/** @param {string[]} words @returns {string[]} paragraphs of sixty words */
function paragraphs(words) {
  /** @type {string[]} */
  const out = [];
  for (let i = 0; i < words.length; i += 60) out.push(words.slice(i, i + 60).join(' '));
  return out;
}

/**
 * A JPEG header (SOI, a baseline SOF0 of 3000 × 2000 in three components) followed by `bytes` of noise: what
 * pdf-lib needs to embed it as a DCT image. No reader decodes it here (counting words never draws images);
 * noise does not compress, so the file keeps the size of a real photo.
 * @param {number} bytes
 */
function photoOf(bytes) {
  const sof = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x07, 0xd0, 0x0b, 0xb8, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  const body = Buffer.alloc(Math.max(0, bytes - sof.length - 2));
  // A cheap deterministic noise (xorshift) rather than crypto: only incompressibility matters.
  let x = 0x9e3779b9;
  for (let i = 0; i < body.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    body.writeUInt32LE(x >>> 0, Math.min(i, body.length - 4));
  }
  // 0xFF bytes would read as JPEG markers to a strict parser: keep the noise below them.
  for (let i = 0; i < body.length; i++) if (body[i] === 0xff) body[i] = 0xfe;
  return Buffer.concat([sof, body, Buffer.from([0xff, 0xd9])]);
}

/**
 * A PDF with `words` as its text layer, eight words a line, new pages as needed (as the spec's pdfOf). With
 * `totalBytes`, a photo is added on a last page so the file is about that size: an essay with a figure.
 * @param {string[]} words
 * @param {{ totalBytes?: number }} [options]
 */
export async function pdfOf(words, { totalBytes } = {}) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  for (let i = 0; i < words.length; i += 8) {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 800;
    }
    page.drawText(words.slice(i, i + 8).join(' '), { x: 50, y, size: 11, font });
    y -= 16;
  }
  if (!totalBytes) return Buffer.from(await pdf.save());
  const textOnly = (await pdf.save()).length;
  const image = await pdf.embedJpg(photoOf(totalBytes - textOnly - 4096));
  pdf.addPage([595, 842]).drawImage(image, { x: 50, y: 100, width: 495, height: 330 });
  return Buffer.from(await pdf.save());
}

/** @param {string[]} words A DOCX of paragraphs of sixty words (as the spec's docxOf). */
export async function docxOf(words) {
  const document = new Document({ sections: [{ children: paragraphs(words).map((text) => new Paragraph({ children: [new TextRun(text)] })) }] });
  return Packer.toBuffer(document);
}

/**
 * Plain text of about `bytes` (UTF-8), the same vocabulary, a paragraph break every sixty words.
 * @param {number} bytes
 * @returns {{ bytes: Buffer, words: number }}
 */
export function txtOf(bytes) {
  /** @type {string[]} */
  const parts = [];
  let size = 0;
  let words = 0;
  while (size < bytes - 64) {
    const word = VOCABULARY[(words * 7) % VOCABULARY.length];
    const gap = words % 60 === 59 ? '\n\n' : ' ';
    parts.push(word, gap);
    size += Buffer.byteLength(word) + gap.length;
    words += 1;
  }
  return { bytes: Buffer.from(parts.join(''), 'utf8'), words };
}
