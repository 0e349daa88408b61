import type { TutorProfileRow } from './tutors.schema.js';
import type { UserRow } from '../users/users.service.js';
import type { TutorProfileDto } from './dto/tutor.dto.js';

/**
 * A tutor profile row as the spec's JSON, every file as a short-lived link made by `sign`
 * (StorageService.presignedDownloadUrl), like `auth/user.presenter.ts` for users.
 */
export async function presentTutor(profile: TutorProfileRow, user: UserRow, sign: (key: string) => Promise<string>): Promise<TutorProfileDto> {
  const url = (key: string | null | undefined) => (key ? sign(key) : Promise.resolve(null));
  const docs = profile.rightToWorkDocuments;
  const [picture, passport, ukCert, brp, visa, dbsFile, aLevelsCert, universityDocuments, gcseDocuments] = await Promise.all([
    url(profile.profilePictureKey),
    url(docs.passportKey),
    url(docs.ukBornOrAdoptedCertificateKey),
    url(docs.biometricResidencePermitKey),
    url(docs.validVisaKey),
    url(profile.dbsDetails?.certificateFileKey),
    url(profile.aLevelsCertificateKey),
    Promise.all(profile.universityDocumentKeys.map((k) => sign(k))),
    Promise.all(profile.gcseDocumentKeys.map((k) => sign(k))),
  ]);
  return {
    _id: user.id,
    userId: { name: user.name, email: user.email },
    name: user.name,
    email: user.email,
    profilePicture: picture,
    pendingProfilePicture: profile.pendingProfilePictureKey !== null,
    pendingStudyLevel: profile.pendingStudyLevel,
    university: profile.university,
    course: profile.course,
    StudyLevel: profile.studyLevel,
    yearsOfExperience: profile.yearsOfExperience,
    motivation: profile.motivation,
    subjects: profile.subjects,
    dateOfBirth: profile.dateOfBirth,
    aLevelsCompletionDate: profile.aLevelsCompletionDate,
    universityStartDate: profile.universityStartDate,
    expectedGraduationDate: profile.expectedGraduationDate,
    approved: profile.approved,
    approved_essay: profile.approvedEssay,
    approved_tutoring: profile.approvedTutoring,
    hasDBS: profile.hasDbs,
    appliedForDBS: profile.appliedForDbs,
    dbsDetails: profile.dbsDetails ? { fullName: profile.dbsDetails.fullName, certificateNumber: profile.dbsDetails.certificateNumber, certificateFileUrl: dbsFile } : null,
    dbsApplicationDetails: profile.dbsApplicationDetails
      ? { fullName: profile.dbsApplicationDetails.fullName, email: profile.dbsApplicationDetails.email, phone: profile.dbsApplicationDetails.phone }
      : null,
    eligibility: profile.eligibility,
    rightToWork: profile.rightToWork,
    // Grouped by nationality as the documented tutor profile writes it: the tutor's own group, the others null.
    documents: {
      BritishIrish: profile.eligibility === 'BritishIrish' ? { passportURL: passport, NINumber: docs.niNumber ?? null, UkBornOrAdoptedCertificateURL: ukCert } : null,
      EuEeaSwiss: profile.eligibility === 'EuEeaSwiss' ? { passportURL: passport, shareCode: docs.shareCode ?? null, DOB: docs.dateOfBirth ?? null } : null,
      NonEuEea: profile.eligibility === 'NonEuEea' ? { biometricResidencePermitURL: brp, validVisaURL: visa } : null,
    },
    aLevels: profile.aLevels,
    universityDocuments,
    aLevelsCertificate: aLevelsCert,
    gcseDocuments,
  };
}
