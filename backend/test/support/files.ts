// Small real files for upload tests, built by hand so their magic bytes are genuine.
import { demoPdf } from '../../src/infra/database/seed/demo-pdf.js';

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A minimal, valid one-page PDF whose text is `text` (the demo seed's writer). */
export function minimalPdf(text = 'Redpen test'): Buffer {
  return demoPdf(text, []);
}
