import type { TutorProfileRow } from './tutors.schema.js';
import type { UserRow } from '../users/users.service.js';
import type { AdminTutorDetailDto, AdminTutorDto } from './dto/tutor-admin.dto.js';
import { presentTutor } from './tutor.presenter.js';
import { waitingOn } from './tutors.repository.js';

type Sign = (key: string) => Promise<string>;

/** A tutor's running sum and count of stars, from Ratings (RatingsService.totalsOf). */
export interface RatingTotals {
  sum: number;
  count: number;
}
export const NO_RATINGS: RatingTotals = { sum: 0, count: 0 };

/** The mean rating to one decimal, 0 with none (the cards round it to stars). */
export const averageRating = (totals: RatingTotals): number => (totals.count ? Math.round((totals.sum / totals.count) * 10) / 10 : 0);

/** Banned takes precedence, then Approved, otherwise Pending. */
export const displayStatus = (profile: TutorProfileRow, user: UserRow): 'Banned' | 'Approved' | 'Pending' =>
  user.banned ? 'Banned' : profile.approved ? 'Approved' : 'Pending';

/** A tutor who has not onboarded yet, as an empty profile (every flag false, nothing on file). */
export function noProfileYet(user: UserRow): TutorProfileRow {
  return {
    userId: user.id, approved: false, approvedEssay: false, approvedTutoring: false, studyLevel: null, university: null, course: null,
    yearsOfExperience: null, motivation: null, subjects: [], hasDbs: false, rightToWork: false, profilePictureKey: null, pendingProfilePictureKey: null,
    pendingStudyLevel: null, applicationReviewedAt: null, applicationRejectionReason: null, dateOfBirth: null, aLevels: [],
    aLevelsCompletionDate: null, universityStartDate: null, expectedGraduationDate: null, universityDocumentKeys: [], aLevelsCertificateKey: null,
    gcseDocumentKeys: [], eligibility: null, rightToWorkDocuments: {}, appliedForDbs: false, dbsDetails: null, dbsApplicationDetails: null,
    onboardingSubmittedAt: null, createdAt: user.createdAt, updatedAt: user.updatedAt,
  };
}

/** A Tutor Management card: only the picture is signed. */
export async function presentAdminTutor(found: TutorProfileRow | null, user: UserRow, sign: Sign, rating: RatingTotals = NO_RATINGS): Promise<AdminTutorDto> {
  const profile = found ?? noProfileYet(user);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    dateOfBirth: profile.dateOfBirth,
    profilePicture: profile.profilePictureKey ? await sign(profile.profilePictureKey) : null,
    university: profile.university,
    course: profile.course,
    StudyLevel: profile.studyLevel,
    universityStartDate: profile.universityStartDate,
    yearsOfExperience: profile.yearsOfExperience,
    averageRating: averageRating(rating),
    totalRatings: rating.count,
    approved: profile.approved,
    approved_essay: profile.approvedEssay,
    approved_tutoring: profile.approvedTutoring,
    banned: user.banned,
    emailVerified: user.emailVerified,
    onboardingCompleted: user.onboardingCompleted,
    hasDBS: profile.hasDbs,
    appliedForDBS: profile.appliedForDbs,
    subjects: profile.subjects,
    motivation: profile.motivation,
    createdAt: user.createdAt.toISOString(),
    status: displayStatus(profile, user),
    waiting: waitingOn(profile),
  };
}

/** One tutor in full for the admin: every document, the pending picture, what waits for review. */
export async function presentAdminTutorDetail(profile: TutorProfileRow, user: UserRow, sign: Sign, rating: RatingTotals = NO_RATINGS): Promise<AdminTutorDetailDto> {
  const [tutor, pendingPicture] = await Promise.all([
    presentTutor(profile, user, sign),
    profile.pendingProfilePictureKey ? sign(profile.pendingProfilePictureKey) : Promise.resolve(null),
  ]);
  return {
    ...tutor,
    phone: user.phone,
    averageRating: averageRating(rating),
    totalRatings: rating.count,
    banned: user.banned,
    emailVerified: user.emailVerified,
    onboardingCompleted: user.onboardingCompleted,
    createdAt: user.createdAt.toISOString(),
    status: displayStatus(profile, user),
    waiting: waitingOn(profile),
    pendingProfilePictureUrl: pendingPicture,
    pendingProfilePictureKey: profile.pendingProfilePictureKey,
    dbsCertificateOnFile: !!profile.dbsDetails?.certificateFileKey,
    onboardingSubmittedAt: profile.onboardingSubmittedAt?.toISOString() ?? null,
    applicationReviewedAt: profile.applicationReviewedAt?.toISOString() ?? null,
    applicationRejectionReason: profile.applicationRejectionReason,
  };
}
