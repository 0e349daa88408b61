import { describe, expect, it } from '@jest/globals';
import { Document, Footer, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { detectFileType } from '../../../common/uploads/file-types.js';
import { countWords } from './count-words.js';
import { documentText, READABLE_DOCUMENT_TYPES, UnreadableDocumentError } from './document-text.js';

/** Deterministic essay text: `words` words in sentences of twelve, paragraphs of five sentences. */
function essayWords(words: number): string[] {
  const vocabulary = ['argument', 'evidence', 'Shakespeare', "author's", 'well-known', '1914', 'analysis', 'however', 'the', 'of', '£20', 'e.g.'];
  return Array.from({ length: words }, (_, i) => vocabulary[(i * 7) % vocabulary.length]);
}
function paragraphs(words: string[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < words.length; i += 60) result.push(words.slice(i, i + 60).join(' '));
  return result;
}

async function pdfOf(words: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  // Eight words a line, many lines a page, so words cross line and page boundaries.
  for (let i = 0; i < words.length; i += 8) {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 800;
    }
    page.drawText(words.slice(i, i + 8).join(' '), { x: 50, y, size: 11, font });
    y -= 16;
  }
  return Buffer.from(await pdf.save());
}

async function docxOf(words: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: paragraphs(words).map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Packer.toBuffer(document);
}

describe('documentText', () => {
  it.each([1, 250, 1000, 1001, 3001])('reads every word of a generated %i-word PDF, across lines and pages', async (n) => {
    const bytes = await pdfOf(essayWords(n));
    expect((await detectFileType(bytes.subarray(0, 4100)))?.mime).toBe(READABLE_DOCUMENT_TYPES.pdf);
    expect(countWords((await documentText(bytes, READABLE_DOCUMENT_TYPES.pdf)) ?? '')).toBe(n);
  });

  it.each([1, 250, 1000, 1001, 3001])('reads every word of a generated %i-word DOCX', async (n) => {
    const bytes = await docxOf(essayWords(n));
    expect((await detectFileType(bytes.subarray(0, 4100)))?.mime).toBe(READABLE_DOCUMENT_TYPES.docx);
    expect(countWords((await documentText(bytes, READABLE_DOCUMENT_TYPES.docx)) ?? '')).toBe(n);
  });

  it('leaves a DOCX footer out of the count', async () => {
    const document = new Document({
      sections: [
        {
          footers: { default: new Footer({ children: [new Paragraph('Candidate 1234 page footer')] }) },
          children: [new Paragraph('Only these five words count.')],
        },
      ],
    });
    const bytes = await Packer.toBuffer(document);
    expect(countWords((await documentText(bytes, READABLE_DOCUMENT_TYPES.docx)) ?? '')).toBe(5);
  });

  it('reads plain text as UTF-8, with or without a byte-order mark, else as Windows-1252', async () => {
    const words = essayWords(1001).join(' ');
    expect(countWords((await documentText(Buffer.from(words, 'utf8'), 'text/plain')) ?? '')).toBe(1001);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('naïve café essay', 'utf8')]);
    expect(await documentText(withBom, 'text/plain')).toBe('naïve café essay');
    const windows1252 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x75, 0x6f, 0x74, 0x65, 0x94]); // café “quote”
    expect(await documentText(windows1252, 'text/plain')).toBe('café “quote”');
  });

  it('has no text for images and other types: the student enters the count', async () => {
    expect(await documentText(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBeUndefined();
    expect(await documentText(Buffer.from('x'), 'application/zip')).toBeUndefined();
  });

  it.each([
    ['a PDF that is not one', READABLE_DOCUMENT_TYPES.pdf, Buffer.from('%PDF-1.7\nthis is not a pdf body')],
    ['a DOCX that is not a zip', READABLE_DOCUMENT_TYPES.docx, Buffer.from('PK\u0003\u0004 truncated')],
    ['a compound file that is not Word', READABLE_DOCUMENT_TYPES.doc, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])],
  ])('refuses %s with UnreadableDocumentError, not a crash', async (_name, mime, bytes) => {
    await expect(documentText(bytes, mime)).rejects.toBeInstanceOf(UnreadableDocumentError);
  });
});
