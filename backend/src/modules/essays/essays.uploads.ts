import { ESSAY_FILE_MAX_BYTES } from '@redpen/shared/essay-rules';
import { ESSAY_TYPES, MARKED_ESSAY_TYPES } from '../../common/uploads/file-types.js';
import type { UploadRule } from '../../common/uploads/upload-rule.js';
import { MarkEssayFormDto, UploadEssayFormDto } from './dto/essay.dto.js';
import { essayCountTap } from './word-count/count-tap.js';

/**
 * `POST /student/uploadEssay`: the essay as `file` (its words counted from the upload's stream: essayCountTap), the
 * optional mark scheme as `markingScheme`. An essay's document is held in memory until counted (UPLOADS_AT_ONCE), or
 * spilled to disk if its client is slow while others wait (SlotHold).
 */
export const ESSAY_UPLOAD: UploadRule<UploadEssayFormDto> = {
  folder: 'essays',
  fields: UploadEssayFormDto,
  files: {
    file: { types: ESSAY_TYPES, maxBytes: ESSAY_FILE_MAX_BYTES, maxCount: 1, label: 'essay', tap: essayCountTap },
    markingScheme: { types: ESSAY_TYPES, maxBytes: ESSAY_FILE_MAX_BYTES, maxCount: 1, label: 'mark-scheme' },
  },
  maxFiles: 2,
  oneSlotEach: true,
};

/** `POST /tutor/markEssay`: the marked file / model answer as `modelAnswerFile` (pdf, doc, docx, rtf, 10 MB). */
export const MARK_ESSAY_UPLOAD: UploadRule<MarkEssayFormDto> = {
  folder: 'essays',
  fields: MarkEssayFormDto,
  files: { modelAnswerFile: { types: MARKED_ESSAY_TYPES, maxBytes: ESSAY_FILE_MAX_BYTES, maxCount: 1, label: 'model-answer' } },
  maxFiles: 1,
};
