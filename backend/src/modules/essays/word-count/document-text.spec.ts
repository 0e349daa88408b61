import { afterAll, describe, expect, it } from '@jest/globals';
import { Document, Footer, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { detectFileType } from '../../../common/uploads/file-types.js';
import { countWords } from './count-words.js';
import { documentText, READABLE_DOCUMENT_TYPES, UnreadableDocumentError } from './document-text.js';
import { DocumentWordCounter } from './document-word-counter.js';
import { FileBytes } from './file-bytes.js';

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

/**
 * A minimal Word 97–2003 (.doc) file holding `text` as one 8-bit piece: an OLE compound file (MS-CFB v3,
 * 512-byte sectors) with a `WordDocument` stream (the FIB, then the text) and a `0Table` stream (the piece
 * table). No generator for the format exists on npm, and a fixture would hide what the test feeds the reader.
 */
function word97Of(text: string): Buffer {
  const SECTOR = 512;
  const END = 0xfffffffe;
  const NONE = 0xffffffff;
  const body = Buffer.from(`${text}\r`, 'latin1'); // the final paragraph mark
  const textAt = 0x800;
  // Streams of 4,096 bytes or more live in regular sectors (below that, in the mini stream, not written here).
  const wordDocument = Buffer.alloc(Math.max(4096, Math.ceil((textAt + body.length) / SECTOR) * SECTOR));
  wordDocument.writeUInt16LE(0xa5ec, 0x00); // wIdent
  wordDocument.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  wordDocument.writeUInt16LE(0x0000, 0x0a); // flags: fWhichTblStm = 0, the table is "0Table"
  wordDocument.writeUInt32LE(textAt, 0x18); // fcMin
  wordDocument.writeUInt32LE(body.length, 0x4c); // ccpText: every character is body text
  body.copy(wordDocument, textAt);
  const table = Buffer.alloc(4096);
  wordDocument.writeUInt32LE(0, 0x1a2); // fcClx: the Clx starts the table stream
  wordDocument.writeUInt32LE(1 + 4 + 8 + 8, 0x1a6); // lcbClx
  table.writeUInt8(2, 0); // Pcdt
  table.writeUInt32LE(8 + 8, 1); // PlcPcd: two CPs and one 8-byte piece descriptor
  table.writeUInt32LE(0, 5); // CP 0
  table.writeUInt32LE(body.length, 9); // CP end
  table.writeUInt32LE((textAt * 2) | 0x40000000, 13 + 2); // fc: 8-bit ("compressed") text at textAt

  const sectorsOf = (buffer: Buffer) => buffer.length / SECTOR;
  const wordStart = 2; // sector 0: the FAT, sector 1: the directory
  const tableStart = wordStart + sectorsOf(wordDocument);
  // One FAT sector maps 128 sectors (64 KB): plenty for the essays this test writes.
  expect(tableStart + sectorsOf(table)).toBeLessThanOrEqual(SECTOR / 4);
  const fat = Buffer.alloc(SECTOR, 0xff); // FREESECT everywhere not written below
  fat.writeUInt32LE(0xfffffffd, 0); // the FAT's own sector
  fat.writeUInt32LE(END, 4); // the directory: one sector
  const chain = (start: number, count: number) => {
    for (let i = 0; i < count; i++) fat.writeUInt32LE(i === count - 1 ? END : start + i + 1, (start + i) * 4);
  };
  chain(wordStart, sectorsOf(wordDocument));
  chain(tableStart, sectorsOf(table));

  const directory = Buffer.alloc(SECTOR);
  const entry = (index: number, name: string, type: number, fields: { left?: number; right?: number; child?: number; start?: number; size?: number }) => {
    const at = index * 128;
    directory.write(name, at, 'utf16le');
    directory.writeUInt16LE(name ? (name.length + 1) * 2 : 0, at + 64);
    directory.writeUInt8(type, at + 66);
    directory.writeUInt8(type ? 1 : 0, at + 67); // black (an unused slot is all zeros but for NOSTREAM links)
    directory.writeUInt32LE(fields.left ?? NONE, at + 68);
    directory.writeUInt32LE(fields.right ?? NONE, at + 72);
    directory.writeUInt32LE(fields.child ?? NONE, at + 76);
    directory.writeUInt32LE(fields.start ?? END, at + 116);
    directory.writeUInt32LE(fields.size ?? 0, at + 120);
  };
  entry(0, 'Root Entry', 5, { child: 1 });
  entry(1, 'WordDocument', 2, { left: 2, start: wordStart, size: wordDocument.length });
  entry(2, '0Table', 2, { start: tableStart, size: table.length });
  entry(3, '', 0, { start: 0 }); // the sector's fourth slot, unused

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END, 60); // no mini FAT
  header.writeUInt32LE(END, 68); // no DIFAT sectors
  header.fill(0xff, 76, SECTOR); // DIFAT: ...
  header.writeUInt32LE(0, 76); // ... the FAT is sector 0
  return Buffer.concat([header, fat, directory, wordDocument, table]);
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

  it.each([1, 250, 1000, 1001, 3001])('reads every word of a generated %i-word DOC (Word 97–2003)', async (n) => {
    const bytes = word97Of(paragraphs(essayWords(n)).join('\r'));
    expect((await detectFileType(bytes.subarray(0, 4100)))?.mime).toBe(READABLE_DOCUMENT_TYPES.doc);
    expect(countWords((await documentText(bytes, READABLE_DOCUMENT_TYPES.doc)) ?? '')).toBe(n);
  });

  it('reads a PDF from a copy, leaving the caller\'s bytes whole, unless they are handed over', async () => {
    const bytes = await pdfOf(essayWords(1001));
    const kept = Buffer.from(bytes);
    expect(countWords((await documentText(bytes, READABLE_DOCUMENT_TYPES.pdf)) ?? '')).toBe(1001);
    expect(bytes.equals(kept)).toBe(true);
    // A buffer of its own, as EssaysService reads the stored file into: read in place (pdf.js may detach it).
    const own = Buffer.allocUnsafeSlow(bytes.length);
    bytes.copy(own);
    expect(countWords((await documentText(own, READABLE_DOCUMENT_TYPES.pdf, { handOver: true })) ?? '')).toBe(1001);
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

describe('DocumentWordCounter (the worker thread)', () => {
  const counter = new DocumentWordCounter();
  afterAll(() => counter.close());

  /** The bytes as an upload keeps them (FileBytes, written in 64 KiB chunks), handed over as the service does. */
  const kept = (bytes: Buffer): Promise<ArrayBuffer> => {
    const file = new FileBytes(10 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 65536) file.write(bytes.subarray(i, i + 65536));
    return file.take();
  };

  it('counts a PDF, a DOCX and a DOC exactly, as documentText + countWords do, the bytes transferred (not copied)', async () => {
    const words = essayWords(3001);
    const pdf = await pdfOf(words);
    const bytes = await kept(pdf);
    expect(bytes.byteLength).toBe(pdf.length);
    const counting = counter.count(bytes, READABLE_DOCUMENT_TYPES.pdf);
    expect(bytes.detached).toBe(true);
    expect(await counting).toBe(3001);
    expect(await counter.count(await kept(await docxOf(words)), READABLE_DOCUMENT_TYPES.docx)).toBe(3001);
    expect(await counter.count(await kept(word97Of(paragraphs(words).join('\r'))), READABLE_DOCUMENT_TYPES.doc)).toBe(3001);
  });

  it('counts documents asked for at once, each its own', async () => {
    const sizes = [1, 250, 1001];
    const counts = await Promise.all(sizes.map(async (n) => counter.count(await kept(await pdfOf(essayWords(n))), READABLE_DOCUMENT_TYPES.pdf)));
    expect(counts).toEqual(sizes);
  });

  it('answers UnreadableDocumentError for a damaged PDF, and goes on counting', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    await expect(counter.count(await kept(damaged), READABLE_DOCUMENT_TYPES.pdf)).rejects.toBeInstanceOf(UnreadableDocumentError);
    expect(await counter.count(await kept(await pdfOf(essayWords(250))), READABLE_DOCUMENT_TYPES.pdf)).toBe(250);
  });

  it('ends a count that takes too long (UnreadableDocumentError) and starts a fresh worker for the next', async () => {
    const impatient = new DocumentWordCounter({ timeoutMs: 1 });
    try {
      await expect(impatient.count(await kept(await pdfOf(essayWords(3001))), READABLE_DOCUMENT_TYPES.pdf)).rejects.toThrow(/longer than 1 ms/);
    } finally {
      await impatient.close();
    }
    const patient = new DocumentWordCounter({ recycleAfterBytes: 1 });
    try {
      // Recycled after every document: each count is a fresh worker's, and still exact.
      for (const n of [250, 1001]) expect(await patient.count(await kept(await docxOf(essayWords(n))), READABLE_DOCUMENT_TYPES.docx)).toBe(n);
    } finally {
      await patient.close();
    }
  });
});
