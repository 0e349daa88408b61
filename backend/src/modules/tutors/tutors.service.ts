import { MOTIVATION_MAX, ONBOARDING_FILE_MAX_BYTES, STUDY_LEVELS } from '../../shared/account-rules.js';
import { randomUUID } from 'node:crypto';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException, type FieldError } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { TutorProfileRow, UserRow } from '../../infra/database/schema/index.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { AuthTokens } from '../auth/auth-tokens.service.js';
import { presentUser } from '../auth/user.presenter.js';
import type { OnboardingResultDto, TutorProfileDto } from './dto/tutor.dto.js';
import { assertFiles, DOCUMENT_TYPES, IMAGE_TYPES, type FormFile, type MultipartForm } from '../../common/uploads/multipart-form.js';
import { ONBOARDING_MESSAGES } from '../../shared/onboarding-rules.js';
import { RIGHT_TO_WORK_FILE_FIELDS, validateOnboarding, validateSubjects } from './onboarding.rules.js';
import { TutorsRepository, type TutorProfileValues } from './tutors.repository.js';

export const TUTOR_FILE_MAX_BYTES = ONBOARDING_FILE_MAX_BYTES;
export const ONBOARDING_MESSAGE = 'Onboarding submitted. Your profile is awaiting admin approval.';
const PICTURE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png' };

const PROFILE_NOT_FOUND = 'Tutor profile not found. Please complete onboarding first.';

/** Tutor onboarding and the tutor's own profile. Files go to the private bucket under `tutors/<userId>/`. */
@Injectable()
export class TutorsService {
  constructor(
    private readonly repository: TutorsRepository,
    private readonly storage: StorageService,
    private readonly tokens: AuthTokens,
    private readonly clock: Clock,
  ) {}

  /** Checked before the upload is read: admin is a separate role and never becomes a tutor. */
  assertCanOnboard(user: AuthenticatedUser): void {
    if (user.role === 'admin') throw new ForbiddenException('Admins cannot become tutors.');
  }

  async submitOnboarding(user: AuthenticatedUser, form: MultipartForm): Promise<OnboardingResultDto> {
    this.assertCanOnboard(user);
    assertFiles(form.files.filter((f) => f.field === 'profilePicture'), PICTURE_TYPES, TUTOR_FILE_MAX_BYTES, 'JPEG, PNG');
    assertFiles(form.files, DOCUMENT_TYPES, TUTOR_FILE_MAX_BYTES, 'PDF, JPEG, PNG');
    const { errors, value } = validateOnboarding({ fields: form.fields, files: form.files, now: this.clock.now() });
    if (!value) throw new ValidationFailedException(errors);

    const one = (...fields: string[]) => form.files.find((f) => fields.includes(f.field));
    const many = (...fields: string[]) => form.files.filter((f) => fields.includes(f.field));
    const store = (file: FormFile | undefined) => (file ? this.store(user.id, file) : Promise.resolve(undefined));
    const [pictureKey, documentKey, aLevelsCertificateKey, certificateKey, universityKeys, gcseKeys] = await Promise.all([
      store(one('profilePicture')),
      store(one(...RIGHT_TO_WORK_FILE_FIELDS)),
      store(one('aLevelsCertificate')),
      value.hasDbs ? store(one('certificateFile')) : Promise.resolve(undefined),
      Promise.all(many('universityDocuments', 'universityDocument').map((f) => this.store(user.id, f))),
      Promise.all(many('gcseDocuments').map((f) => this.store(user.id, f))),
    ]);

    const documents = {
      documentType: value.documentType,
      ...(value.documentKind === 'passport' ? { passportKey: documentKey } : {}),
      ...(value.documentKind === 'ukBornOrAdoptedCertificate' ? { ukBornOrAdoptedCertificateKey: documentKey } : {}),
      ...(value.documentKind === 'biometricResidencePermit' ? { biometricResidencePermitKey: documentKey } : {}),
      ...(value.documentKind === 'validVisa' ? { validVisaKey: documentKey } : {}),
      ...(value.niNumber ? { niNumber: value.niNumber } : {}),
      ...(value.shareCode ? { shareCode: value.shareCode } : {}),
      ...(value.rightToWorkDateOfBirth ? { dateOfBirth: value.rightToWorkDateOfBirth } : {}),
    };
    const updated = await this.repository.transaction(async (tx) => {
      await this.repository.upsertOnboarding(
        user.id,
        {
          university: value.university,
          course: value.course,
          motivation: value.motivation,
          subjects: value.subjects,
          dateOfBirth: value.dateOfBirth,
          aLevels: value.aLevels,
          aLevelsCompletionDate: value.aLevelsCompletionDate,
          universityStartDate: value.universityStartDate,
          expectedGraduationDate: value.expectedGraduationDate,
          profilePictureKey: pictureKey,
          universityDocumentKeys: universityKeys,
          aLevelsCertificateKey: aLevelsCertificateKey ?? null,
          gcseDocumentKeys: gcseKeys,
          eligibility: value.eligibility,
          rightToWork: true,
          rightToWorkDocuments: documents,
          hasDbs: value.hasDbs,
          appliedForDbs: value.appliedForDbs,
          dbsDetails: value.dbsDetails && certificateKey ? { ...value.dbsDetails, certificateFileKey: certificateKey } : null,
          dbsApplicationDetails: value.dbsApplicationDetails,
          onboardingSubmittedAt: this.clock.now(),
        },
        tx,
      );
      return this.repository.markOnboardingCompleted(user.id, tx);
    });
    return { message: ONBOARDING_MESSAGE, token: await this.tokens.issue(updated), user: presentUser(updated) };
  }

  async getProfile(userId: string): Promise<TutorProfileDto> {
    const found = await this.repository.findWithUser(userId);
    if (!found) throw new NotFoundException(PROFILE_NOT_FOUND);
    return this.present(found.profile, found.user);
  }

  /** Only the fields sent (non-empty) change; a new picture waits for admin approval. */
  async updateProfile(userId: string, form: MultipartForm): Promise<TutorProfileDto> {
    const found = await this.repository.findWithUser(userId);
    if (!found) throw new NotFoundException(PROFILE_NOT_FOUND);
    assertFiles(form.files.filter((f) => f.field === 'profilePicture'), PICTURE_TYPES, TUTOR_FILE_MAX_BYTES, 'JPEG, PNG');
    const errors: FieldError[] = [];
    const values: TutorProfileValues = {};
    const text = (name: string) => (form.fields[name] ?? '').trim();
    if (text('university')) {
      if (text('university').length > 200) errors.push({ field: 'university', message: 'University must be at most 200 characters' });
      values.university = text('university');
    }
    const level = text('StudyLevel') || text('studyLevel');
    if (level) {
      if (!(STUDY_LEVELS as readonly string[]).includes(level)) errors.push({ field: 'StudyLevel', message: `Study level must be one of ${STUDY_LEVELS.join(', ')}` });
      values.studyLevel = level;
    }
    if (text('yearsOfExperience')) {
      const years = Number(text('yearsOfExperience'));
      if (!Number.isInteger(years) || years < 0 || years > 80) errors.push({ field: 'yearsOfExperience', message: 'Years of experience must be a whole number from 0 to 80' });
      values.yearsOfExperience = years;
    }
    if (text('motivation')) {
      if (text('motivation').length > MOTIVATION_MAX) errors.push({ field: 'motivation', message: ONBOARDING_MESSAGES.motivationLength });
      values.motivation = text('motivation');
    }
    if (text('subjects')) {
      let raw: unknown;
      try {
        raw = JSON.parse(text('subjects'));
      } catch {
        raw = null;
      }
      values.subjects = validateSubjects(raw, errors);
    }
    if (errors.length) throw new ValidationFailedException(errors);
    const picture = form.files.find((f) => f.field === 'profilePicture');
    if (picture) values.pendingProfilePictureKey = await this.store(userId, picture, 'pending-profile-picture');
    const profile = Object.keys(values).length ? await this.repository.update(userId, values) : found.profile;
    return this.present(profile ?? found.profile, found.user);
  }

  private async store(userId: string, file: FormFile, label: string = file.field): Promise<string> {
    const ext = DOCUMENT_TYPES[file.mime!] ?? IMAGE_TYPES[file.mime!] ?? 'bin';
    const key = `tutors/${userId}/${label}-${randomUUID()}.${ext}`;
    await this.storage.upload(key, file.buffer, file.mime!);
    return key;
  }

  private async present(profile: TutorProfileRow, user: UserRow): Promise<TutorProfileDto> {
    const url = (key: string | null | undefined) => (key ? this.storage.presignedDownloadUrl(key) : Promise.resolve(null));
    const docs = profile.rightToWorkDocuments;
    const [picture, passport, ukCert, brp, visa, dbsFile, aLevelsCert, universityDocuments, gcseDocuments] = await Promise.all([
      url(profile.profilePictureKey),
      url(docs.passportKey),
      url(docs.ukBornOrAdoptedCertificateKey),
      url(docs.biometricResidencePermitKey),
      url(docs.validVisaKey),
      url(profile.dbsDetails?.certificateFileKey),
      url(profile.aLevelsCertificateKey),
      Promise.all(profile.universityDocumentKeys.map((k) => this.storage.presignedDownloadUrl(k))),
      Promise.all(profile.gcseDocumentKeys.map((k) => this.storage.presignedDownloadUrl(k))),
    ]);
    return {
      _id: user.id,
      userId: { name: user.name, email: user.email },
      name: user.name,
      email: user.email,
      profilePicture: picture,
      pendingProfilePicture: profile.pendingProfilePictureKey !== null,
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
      documents: {
        passportURL: passport,
        UkBornOrAdoptedCertificateURL: ukCert,
        NINumber: docs.niNumber ?? null,
        shareCode: docs.shareCode ?? null,
        DOB: docs.dateOfBirth ?? null,
        biometricResidencePermitURL: brp,
        validVisaURL: visa,
      },
      aLevels: profile.aLevels,
      universityDocuments,
      aLevelsCertificate: aLevelsCert,
      gcseDocuments,
    };
  }
}
