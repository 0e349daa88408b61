import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { coded, ValidationFailedException } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { ReceivedUpload } from '../../common/uploads/upload-rule.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { TutorProfileRow } from './tutors.schema.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { AuthTokens } from '../auth/auth-tokens.service.js';
import { presentUser } from '../auth/user.presenter.js';
import type { OnboardingResultDto, TutorOnboardingFormDto } from './dto/tutor.dto.js';
import { RIGHT_TO_WORK_FILE_FIELDS, validateOnboarding } from './onboarding-submission.validator.js';
import { SafeguardingService } from '../safeguarding/safeguarding.service.js';
import { UsersService } from '../users/users.service.js';
import { canSubmitOnboarding } from './tutors.access.js';
import { TutorsRepository } from './tutors.repository.js';

export const ONBOARDING_MESSAGE = 'Onboarding submitted. Your profile is awaiting admin approval.';
export const ONBOARDING_ALREADY_SUBMITTED = 'Onboarding has already been submitted. Changes go through your profile.';
const UNUSED_FILE = 'This file does not belong with the answers given';

/**
 * Tutor onboarding (`POST /tutor/update-info`): once, before approval. After submission the
 * profile and its approval rules take over (a new picture waits for an admin there), so a second submission
 * is refused with 409 rather than swapping documents past the admin.
 */
@Injectable()
export class TutorOnboardingService {
  constructor(
    private readonly repository: TutorsRepository,
    private readonly storage: StorageService,
    private readonly tokens: AuthTokens,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly safeguarding: SafeguardingService,
  ) {}

  /** Checked before the upload is read. Admin is a separate role and never becomes a tutor. */
  async assertCanSubmit(user: AuthenticatedUser): Promise<void> {
    const access = canSubmitOnboarding(user, await this.repository.find(user.id));
    if (access === 'admin') throw new ForbiddenException('Admins cannot become tutors.');
    if (access === 'already-submitted') throw alreadySubmitted();
  }

  async submit(user: AuthenticatedUser, form: ReceivedUpload<TutorOnboardingFormDto>): Promise<OnboardingResultDto> {
    const { errors, value } = validateOnboarding({ fields: textFields(form.fields), files: form.files, now: this.clock.now() });
    if (!value) throw new ValidationFailedException(errors);

    const pictureKey = form.file('profilePicture')!.key;
    const documentKey = form.file(...RIGHT_TO_WORK_FILE_FIELDS)!.key;
    const certificateKey = value.hasDbs ? form.file('certificateFile')?.key : undefined;
    const aLevelsCertificateKey = form.file('aLevelsCertificate')?.key ?? null;
    const universityKeys = form.filesOf('universityDocuments', 'universityDocument').map((f) => f.key);
    const gcseKeys = form.filesOf('gcseDocuments').map((f) => f.key);
    // Every file sent must be used: a second right-to-work document or a certificate without hasDBS is refused.
    const used = new Set([pictureKey, documentKey, certificateKey, aLevelsCertificateKey, ...universityKeys, ...gcseKeys]);
    const unused = form.files.filter((f) => !used.has(f.key));
    if (unused.length) throw new ValidationFailedException(unused.map((f) => ({ field: f.field, message: UNUSED_FILE })));

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
    // The motivation is written for the admins and students: masked on write by the one safeguarding rule, flagged with the tutor.
    const motivation = this.safeguarding.screen(value.motivation);
    // The submission and its announcement (`tutor.onboarding-submitted`: the tutor is emailed that approval is pending) commit together.
    const { updated, previous } = await this.events.transaction(async (tx) => {
      const previous = await this.repository.findForUpdate(user.id, tx);
      if (canSubmitOnboarding(user, previous) === 'already-submitted') throw alreadySubmitted();
      const accepted = await this.repository.submitOnboarding(
        user.id,
        {
          university: value.university,
          course: value.course,
          motivation: motivation.text,
          subjects: value.subjects,
          dateOfBirth: value.dateOfBirth,
          aLevels: value.aLevels,
          aLevelsCompletionDate: value.aLevelsCompletionDate,
          universityStartDate: value.universityStartDate,
          expectedGraduationDate: value.expectedGraduationDate,
          profilePictureKey: pictureKey,
          pendingProfilePictureKey: null,
          universityDocumentKeys: universityKeys,
          aLevelsCertificateKey,
          gcseDocumentKeys: gcseKeys,
          eligibility: value.eligibility,
          rightToWork: true,
          rightToWorkDocuments: documents,
          // The answer "I have a DBS" stores the certificate for an admin to verify; only that verification sets hasDbs.
          hasDbs: false,
          appliedForDbs: value.appliedForDbs,
          dbsDetails: value.dbsDetails && certificateKey ? { ...value.dbsDetails, certificateFileKey: certificateKey } : null,
          dbsApplicationDetails: value.dbsApplicationDetails,
          onboardingSubmittedAt: this.clock.now(),
        },
        tx,
      );
      if (!accepted) throw alreadySubmitted();
      await this.safeguarding.flag(motivation, { kind: 'tutor_motivation', id: user.id, authorId: user.id }, tx);
      await this.events.record(tx, 'tutor.onboarding-submitted', { tutorId: user.id, at: this.clock.now().toISOString() });
      return { updated: await this.users.markOnboardingCompleted(user.id, tx), previous };
    });
    form.keep();
    // Files of an earlier, unsubmitted profile that this submission replaced.
    if (previous) await this.storage.deleteQuietly(profileFileKeys(previous).filter((k) => !used.has(k)));
    return { message: ONBOARDING_MESSAGE, token: await this.tokens.issue(updated), user: presentUser(updated) };
  }
}

const textFields = (dto: object): Record<string, string> =>
  Object.fromEntries(Object.entries(dto).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

const alreadySubmitted = () => new ConflictException(coded('ONBOARDING_ALREADY_SUBMITTED', ONBOARDING_ALREADY_SUBMITTED));

/** Every stored file a profile refers to. */
export function profileFileKeys(profile: TutorProfileRow): string[] {
  const docs = profile.rightToWorkDocuments;
  return [
    profile.profilePictureKey,
    profile.pendingProfilePictureKey,
    profile.aLevelsCertificateKey,
    profile.dbsDetails?.certificateFileKey,
    docs.passportKey,
    docs.ukBornOrAdoptedCertificateKey,
    docs.biometricResidencePermitKey,
    docs.validVisaKey,
    ...profile.universityDocumentKeys,
    ...profile.gcseDocumentKeys,
  ].filter((k): k is string => !!k);
}
