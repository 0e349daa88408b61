import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { coded, ValidationFailedException } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { ReceivedUpload } from '../../common/uploads/upload-rule.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { TutorsService, type TutorProfileRow } from '../tutors/tutors.service.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { SafeguardingService } from '../safeguarding/safeguarding.service.js';
import type { DbsApplicationFormDto, DbsAppliedDto, TutoringProfileDto, TutoringProfileEnvelopeDto, TutoringProfileUpdatedDto, UpdateTutoringProfileDto } from './dto/tutoring.dto.js';
import { FILL_IN_ALL } from './dto/tutoring.dto.js';
import { penceFromPounds as poundsToPence, poundsFromPence as penceToPounds } from '@redpen/shared/money';
import { availabilityFromUtc, availabilityInUtc, isTimeZone, nextSlots, normaliseAvailability } from './tutor-availability.js';
import { TutoringRepository } from './tutoring.repository.js';
import type { TutoringProfileRow } from './tutoring.schema.js';
import { DEFAULT_TIME_ZONE, bookingHorizonEnd } from './tutoring-rules.js';

/** The page's state, decided here and nowhere else. */
export function profileState(profile: Pick<TutorProfileRow, 'approved' | 'approvedTutoring' | 'hasDbs' | 'dbsDetails'>): TutoringProfileEnvelopeDto['state'] {
  if (profile.approved && profile.approvedTutoring && profile.hasDbs) return 'editable';
  // A certificate on file (from this form, or given at onboarding) waits for an admin; "I will apply" at
  // onboarding left none, so that tutor still sees the form.
  return profile.dbsDetails ? 'pending' : 'apply';
}

/** What a tutor who never saved a tutoring profile has: Unavailable, nothing set. */
function noTutoringProfileYet(userId: string, at: Date): TutoringProfileRow {
  return { userId, tutoringSubject: null, hourlyRatePence: null, tutoringDescription: null, tutoringAvailable: false, availability: {}, timeZone: DEFAULT_TIME_ZONE, createdAt: at, updatedAt: at };
}

const profileNotFound = () => new NotFoundException(coded('NOT_FOUND', 'Tutor profile not found. Please complete onboarding first.'));

/**
 * The tutor's side of tutoring before any booking: the DBS application (`POST /tutor/applyForDBS`) and the tutoring
 * profile (`GET /tutor/getTutoringProfile`, `POST /tutor/updateTutoringProfile`), editable only when fully approved.
 * The application (approvals, the DBS certificate) is the tutors module's, read and filed through TutorsService; the
 * tutoring profile is this module's own table.
 */
@Injectable()
export class TutoringProfileService {
  constructor(
    private readonly repository: TutoringRepository,
    private readonly tutors: TutorsService,
    private readonly storage: StorageService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly safeguarding: SafeguardingService,
  ) {}

  async get(user: AuthenticatedUser): Promise<TutoringProfileEnvelopeDto> {
    const application = await this.tutors.application(user.id);
    if (!application) throw profileNotFound();
    return this.envelope(application, await this.tutoringProfile(user.id));
  }

  /** Refused before the upload is read when the certificate is already verified (nothing to apply for). */
  async assertCanApply(user: AuthenticatedUser): Promise<void> {
    const application = await this.tutors.application(user.id);
    if (!application) throw profileNotFound();
    if (application.hasDbs) throw new ConflictException(coded('DBS_ALREADY_VERIFIED', 'Your DBS certificate is already verified'));
  }

  /** Stores the certificate's details and file; the admin's approval list shows it; `hasDBS` waits for the admin. */
  async applyForDbs(user: AuthenticatedUser, form: ReceivedUpload<DbsApplicationFormDto>): Promise<DbsAppliedDto> {
    const file = form.file('certificateFile');
    if (!file) throw new ValidationFailedException([{ field: 'certificateFile', message: FILL_IN_ALL }]);
    const updated = await this.tutors.submitDbsCertificate(user.id, {
      fullName: form.fields.fullName.trim(),
      certificateNumber: form.fields.certificateNumber.trim(),
      certificateFileKey: file.key,
      submittedAt: this.clock.now().toISOString(),
    });
    if (!updated) throw new ConflictException(coded('DBS_ALREADY_VERIFIED', 'Your DBS certificate is already verified'));
    form.keep();
    return { message: 'DBS application submitted successfully', ...(await this.envelope(updated, await this.tutoringProfile(user.id))) };
  }

  async update(user: AuthenticatedUser, body: UpdateTutoringProfileDto): Promise<TutoringProfileUpdatedDto> {
    const application = await this.tutors.application(user.id);
    if (!application) throw profileNotFound();
    if (profileState(application) !== 'editable') throw locked();
    const current = await this.repository.findProfile(user.id);
    const timeZone = body.timeZone ?? current?.timeZone ?? DEFAULT_TIME_ZONE;
    if (!isTimeZone(timeZone)) throw new ValidationFailedException([{ field: 'timeZone', message: 'Time zone must be an IANA zone such as Europe/London' }]);
    // With a timeZone the slots are wall-clock times in it; without one they are UTC (the spec's "GMT"), read into
    // the tutor's zone as they stand for the coming week. Either way the wall clock is what is kept.
    const normalised = body.timeZone === undefined ? availabilityFromUtc(body.availability, timeZone, this.clock.now()) : normaliseAvailability(body.availability);
    if ('problems' in normalised) throw new ValidationFailedException(normalised.problems.map((message) => ({ field: 'availability', message })));
    const hourlyRatePence = poundsToPence(body.hourlyRate);
    if (hourlyRatePence === undefined) throw new BadRequestException(coded('VALIDATION_FAILED', 'Hourly rate must be an amount in pounds, such as 35 or 35.50'));
    // The description is written for students: masked on write by the one safeguarding rule, flagged with the tutor.
    const description = this.safeguarding.screen(body.description.trim());
    const updated = await this.events.transaction(async (tx) => {
      // Saved only while still approved: the application's row is held until the commit, so an admin's change of the
      // approvals waits for this write or has committed and refuses it.
      const still = await this.tutors.application(user.id, tx, { lock: true });
      if (!still || profileState(still) !== 'editable') return undefined;
      const saved = await this.repository.saveProfile(
        user.id,
        {
          tutoringSubject: body.subject.trim(),
          hourlyRatePence,
          tutoringDescription: description.text,
          tutoringAvailable: body.status === 'Available',
          availability: normalised.availability,
          timeZone,
        },
        this.clock.now(),
        tx,
      );
      await this.safeguarding.flag(description, { kind: 'tutoring_description', id: user.id, authorId: user.id }, tx);
      return saved;
    });
    if (!updated) throw locked();
    return { message: 'Tutoring profile updated successfully', profile: await this.present(updated) };
  }

  private async tutoringProfile(userId: string): Promise<TutoringProfileRow> {
    return (await this.repository.findProfile(userId)) ?? noTutoringProfileYet(userId, this.clock.now());
  }

  private async envelope(profile: TutorProfileRow, tutoring: TutoringProfileRow): Promise<TutoringProfileEnvelopeDto> {
    const dbs = profile.dbsDetails;
    return {
      profile: await this.present(tutoring),
      hasDBS: profile.hasDbs,
      appliedForDBS: profile.appliedForDbs,
      approved_tutoring: profile.approvedTutoring,
      approved: profile.approved,
      state: profileState(profile),
      dbsApplication: dbs
        ? {
            fullName: dbs.fullName,
            certificateNumber: dbs.certificateNumber,
            certificateFileUrl: dbs.certificateFileKey ? await this.storage.presignedDownloadUrl(dbs.certificateFileKey) : null,
            submittedAt: dbs.submittedAt ?? null,
          }
        : null,
    };
  }

  /** The profile part; `nextSlots` without the tutor's bookings (the tutor sees the week they offer). */
  private async present(profile: TutoringProfileRow): Promise<TutoringProfileDto> {
    const now = this.clock.now();
    const busy = (await this.repository.busyRanges([profile.userId], now, bookingHorizonEnd(now), now)).get(profile.userId) ?? [];
    return {
      subject: profile.tutoringSubject,
      hourlyRate: profile.hourlyRatePence === null ? null : penceToPounds(profile.hourlyRatePence),
      hourlyRatePence: profile.hourlyRatePence,
      description: profile.tutoringDescription,
      status: profile.tutoringAvailable ? 'Available' : 'Unavailable',
      availability: availabilityInUtc(profile.availability, profile.timeZone, now),
      availabilityLocal: profile.availability,
      timeZone: profile.timeZone,
      nextSlots: nextSlots(profile.availability, profile.timeZone, now, busy),
    };
  }
}

function locked(): ForbiddenException {
  return new ForbiddenException(coded('TUTORING_PROFILE_LOCKED', 'Your tutoring profile can be edited once your DBS certificate is verified and tutoring is approved'));
}
