import { IMAGE_TYPES } from '../../common/uploads/file-types.js';
import type { UploadRule } from '../../common/uploads/upload-rule.js';
import { ONBOARDING_FILE_MAX_BYTES } from '@redpen/shared/account-rules';
import { StudentProfileFormDto } from './dto/student.dto.js';

export const STUDENT_PICTURE_MAX_BYTES = ONBOARDING_FILE_MAX_BYTES;

/** `POST /student/updateProfile`: the picture comes as `files` (the spec's name), one image. */
export const STUDENT_PROFILE_UPLOAD: UploadRule<StudentProfileFormDto> = {
  folder: 'students',
  fields: StudentProfileFormDto,
  files: { files: { types: IMAGE_TYPES, maxBytes: STUDENT_PICTURE_MAX_BYTES, maxCount: 1, label: 'profile-picture' } },
  maxFiles: 1,
};
