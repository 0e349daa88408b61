import { DOCUMENT_TYPES, PICTURE_TYPES } from '../../common/uploads/file-types.js';
import type { FileFieldRule, UploadRule } from '../../common/uploads/upload-rule.js';
import { ONBOARDING_FILE_MAX_BYTES } from '@redpen/shared/account-rules';
import { TutorOnboardingFormDto, TutorProfileUpdateFormDto } from './dto/tutor.dto.js';

/** Onboarding documents and pictures: 5 MB each. */
export const TUTOR_FILE_MAX_BYTES = ONBOARDING_FILE_MAX_BYTES;

const picture: FileFieldRule = { types: PICTURE_TYPES, maxBytes: TUTOR_FILE_MAX_BYTES, maxCount: 1 };
const documents = (maxCount: number): FileFieldRule => ({ types: DOCUMENT_TYPES, maxBytes: TUTOR_FILE_MAX_BYTES, maxCount });

/** `POST /tutor/update-info`: the spec's file fields, the right-to-work document under any of its names. */
export const TUTOR_ONBOARDING_UPLOAD: UploadRule<TutorOnboardingFormDto> = {
  folder: 'tutors',
  fields: TutorOnboardingFormDto,
  files: {
    profilePicture: picture,
    universityDocuments: documents(5),
    universityDocument: documents(1),
    aLevelsCertificate: documents(1),
    gcseDocuments: documents(5),
    documentFile: documents(1),
    passportURL: documents(1),
    UkBornOrAdoptedCertificate: documents(1),
    biometricResidencePermit: documents(1),
    validVisa: documents(1),
    certificateFile: documents(1),
  },
  maxFiles: 12,
};

/** `POST /tutor/updateProfile`, `PATCH /tutor/updateTutorProfile`: a new picture waits for an admin. */
export const TUTOR_PROFILE_UPLOAD: UploadRule<TutorProfileUpdateFormDto> = {
  folder: 'tutors',
  fields: TutorProfileUpdateFormDto,
  files: { profilePicture: { ...picture, label: 'pending-profile-picture' } },
  maxFiles: 1,
};
