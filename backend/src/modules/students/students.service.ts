import { ONBOARDING_FILE_MAX_BYTES } from '../../shared/account-rules.js';
import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ValidationFailedException, type FieldError } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { StudentProfileRow } from '../../infra/database/schema/index.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { assertFiles, IMAGE_TYPES, type MultipartForm } from '../../common/uploads/multipart-form.js';
import { STUDENT_MIN_AGE } from '../../shared/account-rules.js';
import { ageOn, parseDate, ukIsoDate } from '../../shared/onboarding-rules.js';
import type { StudentProfileDto } from './dto/student.dto.js';
import { StudentsRepository, type StudentProfileValues } from './students.repository.js';

export const STUDENT_PICTURE_MAX_BYTES = ONBOARDING_FILE_MAX_BYTES;
export const DOB_LOCKED = 'Date of birth cannot be changed once set';
const LIMITS = { major: 100, university: 200, bio: 1000 } as const;
const LABELS = { major: 'Major', university: 'University', bio: 'Bio' } as const;

@Injectable()
export class StudentsService {
  constructor(
    private readonly repository: StudentsRepository,
    private readonly storage: StorageService,
    private readonly clock: Clock,
  ) {}

  async getProfile(user: AuthenticatedUser): Promise<StudentProfileDto> {
    return this.present(await this.repository.findOrCreate(user.id), user);
  }

  /** Only non-empty fields change; the date of birth can be set once. */
  async updateProfile(user: AuthenticatedUser, form: MultipartForm): Promise<StudentProfileDto> {
    assertFiles(form.files.filter((f) => f.field === 'profilePicture'), IMAGE_TYPES, STUDENT_PICTURE_MAX_BYTES, 'JPEG, PNG, WebP, GIF');
    const current = await this.repository.findOrCreate(user.id);
    const errors: FieldError[] = [];
    const values: StudentProfileValues = {};
    for (const field of ['major', 'university', 'bio'] as const) {
      const value = (form.fields[field] ?? '').trim();
      if (!value) continue;
      if (value.length > LIMITS[field]) errors.push({ field, message: `${LABELS[field]} must be at most ${LIMITS[field]} characters` });
      values[field] = value;
    }
    const dobRaw = (form.fields.dateOfBirth ?? '').trim();
    let dateOfBirth: string | undefined;
    if (dobRaw) {
      if (current.dateOfBirth) throw new BadRequestException({ message: DOB_LOCKED, errors: [{ field: 'dateOfBirth', message: DOB_LOCKED }] });
      dateOfBirth = parseDate(dobRaw);
      const today = ukIsoDate(this.clock.now());
      if (!dateOfBirth || dateOfBirth > today) errors.push({ field: 'dateOfBirth', message: 'Please enter a valid date of birth' });
      else if (ageOn(dateOfBirth, today) < STUDENT_MIN_AGE) errors.push({ field: 'dateOfBirth', message: `You must be at least ${STUDENT_MIN_AGE} years old` });
    }
    if (errors.length) throw new ValidationFailedException(errors);

    const picture = form.files.find((f) => f.field === 'profilePicture');
    if (picture) {
      const key = `students/${user.id}/profile-picture-${randomUUID()}.${IMAGE_TYPES[picture.mime!]}`;
      await this.storage.upload(key, picture.buffer, picture.mime!);
      values.profilePictureKey = key;
    }
    const withDateOfBirth = dateOfBirth ? await this.repository.setDateOfBirthOnce(user.id, dateOfBirth) : undefined;
    if (dateOfBirth && !withDateOfBirth) {
      throw new BadRequestException({ message: DOB_LOCKED, errors: [{ field: 'dateOfBirth', message: DOB_LOCKED }] });
    }
    const updated = Object.keys(values).length ? await this.repository.update(user.id, values) : (withDateOfBirth ?? current);
    if (picture && current.profilePictureKey) await this.storage.delete(current.profilePictureKey).catch(() => undefined);
    return this.present(updated, user);
  }

  private async present(profile: StudentProfileRow, user: AuthenticatedUser): Promise<StudentProfileDto> {
    return {
      userId: { name: user.name, email: user.email },
      major: profile.major,
      university: profile.university,
      bio: profile.bio,
      dateOfBirth: profile.dateOfBirth,
      profilePicture: profile.profilePictureKey ? await this.storage.presignedDownloadUrl(profile.profilePictureKey) : null,
    };
  }
}
