import type { UploadTapFile } from '../../../common/uploads/upload-rule.js';
import { isReadableDocument, READABLE_DOCUMENT_TYPES } from './document-text.js';
import { FileBytes } from './file-bytes.js';
import { WordCounter } from './word-counter.js';

/**
 * What an essay keeps of its file as it streams to storage, for its word count (an UploadRule `tap`): plain text is
 * counted on the way (WordCounter: nothing kept); a PDF, DOCX or DOC is copied into one buffer (FileBytes) for the
 * document word counter's worker; an image has no count (nothing kept).
 */
export function essayCountTap(file: UploadTapFile): WordCounter | FileBytes | undefined {
  if (file.mime === READABLE_DOCUMENT_TYPES.txt) return new WordCounter();
  if (isReadableDocument(file.mime)) return new FileBytes(file.maxBytes);
  return undefined;
}
