import { DOCUMENT_TYPES } from '../../common/uploads/file-types.js';
import type { UploadRule } from '../../common/uploads/upload-rule.js';
import { ONBOARDING_FILE_MAX_BYTES } from '@redpen/shared/account-rules';
import { DbsApplicationFormDto } from './dto/tutoring.dto.js';

/** `POST /tutor/applyForDBS`: one certificate, PDF, JPG/JPEG or PNG by its content, 5 MB like onboarding's documents. */
export const DBS_APPLICATION_UPLOAD: UploadRule<DbsApplicationFormDto> = {
  folder: 'tutors',
  fields: DbsApplicationFormDto,
  files: {
    certificateFile: {
      types: DOCUMENT_TYPES,
      maxBytes: ONBOARDING_FILE_MAX_BYTES,
      maxCount: 1,
      label: 'dbs-certificate',
      typeMessage: 'Invalid file selected. Please choose a PDF, JPG, JPEG or PNG file.',
    },
  },
  maxFiles: 1,
};
