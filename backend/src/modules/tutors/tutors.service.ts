import { Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException, type FieldError } from '../../common/errors.js';
import type { TutorProfileRow } from './tutors.schema.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { ReceivedUpload } from '../../common/uploads/upload-rule.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { SafeguardingService } from '../safeguarding/safeguarding.service.js';
import type { TutorProfileDto, TutorProfileUpdateFormDto } from './dto/tutor.dto.js';
import { validateSubjects } from './onboarding-submission.validator.js';
import { presentTutor } from './tutor.presenter.js';
import { TutorsRepository, type TutorProfileValues } from './tutors.repository.js';
import { TutorManagementReadModel } from './tutor-management.read-model.js';

/** The tutor profile's row (application, approval, level, documents), for the modules that present it. */
export type { TutorProfileRow };

const PROFILE_NOT_FOUND = 'Tutor profile not found. Please complete onboarding first.';

/** The tutor's own profile. Files live in the private bucket under `tutors/<userId>/`. */
@Injectable()
export class TutorsService {
  constructor(
    private readonly repository: TutorsRepository,
    private readonly management: TutorManagementReadModel,
    private readonly storage: StorageService,
    private readonly events: DomainEvents,
    private readonly safeguarding: SafeguardingService,
  ) {}

  /**
   * The tutor's application as tutoring reads it (the approvals, the verified DBS, the certificate on file);
   * undefined before onboarding. `lock`: the row is held `for share` until `tx` ends, so an admin's change to the
   * approvals waits for the caller's write (a tutoring profile is saved only while tutoring is approved).
   */
  application(userId: string, tx?: DbOrTx, options: { lock?: boolean } = {}): Promise<TutorProfileRow | undefined> {
    return options.lock && tx ? this.repository.findForShare(userId, tx) : this.repository.find(userId, tx);
  }

  /**
   * Files the DBS certificate (`POST /tutor/applyForDBS`): its details and file key wait for an admin, who verifies
   * it while approving tutoring. Undefined (nothing changes) once the DBS is verified.
   */
  submitDbsCertificate(userId: string, certificate: NonNullable<TutorProfileRow['dbsDetails']> & { submittedAt: string }, tx?: DbOrTx): Promise<TutorProfileRow | undefined> {
    return this.repository.submitDbs(userId, certificate, tx);
  }

  /** Checked before an upload is read. */
  async assertHasProfile(userId: string): Promise<void> {
    if (!(await this.repository.find(userId))) throw new NotFoundException(PROFILE_NOT_FOUND);
  }

  async getProfile(userId: string): Promise<TutorProfileDto> {
    const found = await this.management.findWithUser(userId);
    if (!found) throw new NotFoundException(PROFILE_NOT_FOUND);
    return presentTutor(found.profile, found.user, (key) => this.storage.presignedDownloadUrl(key));
  }

  /**
   * Only the fields sent change. A new picture waits for admin approval; a pending one it replaces is deleted
   * (the approved picture stays until an admin approves the new one).
   */
  async updateProfile(userId: string, form: ReceivedUpload<TutorProfileUpdateFormDto>): Promise<TutorProfileDto> {
    const found = await this.management.findWithUser(userId);
    if (!found) throw new NotFoundException(PROFILE_NOT_FOUND);
    const { university, StudyLevel, yearsOfExperience, motivation, subjects } = form.fields;
    // The motivation is written for the admins and students: masked on write by the one safeguarding rule, flagged with the tutor.
    const screened = motivation ? this.safeguarding.screen(motivation) : undefined;
    const errors: FieldError[] = [];
    const values: TutorProfileValues = {
      ...(university ? { university } : {}),
      ...(StudyLevel ? studyLevelChange(found.profile, StudyLevel) : {}),
      ...(yearsOfExperience ? { yearsOfExperience: Number(yearsOfExperience) } : {}),
      ...(screened ? { motivation: screened.text } : {}),
    };
    if (subjects) values.subjects = validateSubjects(parseJson(subjects), errors);
    if (errors.length) throw new ValidationFailedException(errors);
    const picture = form.file('profilePicture');
    if (picture) values.pendingProfilePictureKey = picture.key;
    const profile = Object.keys(values).length
      ? await this.events.transaction(async (tx) => {
          const updated = await this.repository.update(userId, values, tx);
          if (updated && screened) await this.safeguarding.flag(screened, { kind: 'tutor_motivation', id: userId, authorId: userId }, tx);
          return updated;
        })
      : found.profile;
    form.keep();
    const replaced = found.profile.pendingProfilePictureKey;
    if (picture && replaced && replaced !== picture.key) await this.storage.deleteQuietly([replaced]);
    return presentTutor(profile ?? found.profile, found.user, (key) => this.storage.presignedDownloadUrl(key));
  }
}

/**
 * Before approval the tutor's StudyLevel is theirs to set (the admin confirms it when approving); after approval a
 * change waits for an admin like a new picture: asking for the current level again
 * drops a pending request.
 */
function studyLevelChange(profile: TutorProfileRow, requested: string): TutorProfileValues {
  if (!profile.approved) return { studyLevel: requested };
  return { pendingStudyLevel: requested === profile.studyLevel ? null : requested };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
