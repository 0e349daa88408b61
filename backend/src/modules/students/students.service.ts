import { BadRequestException, Injectable } from '@nestjs/common';
import { ValidationFailedException } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { ReceivedUpload } from '../../common/uploads/upload-rule.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { StudentProfileRow } from './students.schema.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { STUDENT_MIN_AGE } from '@redpen/shared/account-rules';
import { ageOn, parseDate, ukIsoDate } from '@redpen/shared/dates';
import type { StudentProfileDto, StudentProfileFormDto } from './dto/student.dto.js';
import { StudentsRepository, type StudentProfileValues } from './students.repository.js';

export const DOB_LOCKED = 'Date of birth cannot be changed once set';

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

  /**
   * Only the fields sent change; the date of birth can be set once (sending the stored one again changes nothing:
   * a client that sends the whole form back is not refused). The new picture is already stored (the
   * upload helper deletes it if this throws); the one it replaces is deleted once the row points elsewhere.
   */
  async updateProfile(user: AuthenticatedUser, form: ReceivedUpload<StudentProfileFormDto>): Promise<StudentProfileDto> {
    const { major, university, bio, dateOfBirth: dobRaw } = form.fields;
    const current = await this.repository.findOrCreate(user.id);
    let dateOfBirth: string | undefined;
    if (dobRaw && !(current.dateOfBirth && parseDate(dobRaw) === current.dateOfBirth)) {
      if (current.dateOfBirth) throw dobLocked();
      dateOfBirth = parseDate(dobRaw);
      const today = ukIsoDate(this.clock.now());
      if (!dateOfBirth || dateOfBirth > today) throw new ValidationFailedException([{ field: 'dateOfBirth', message: 'Please enter a valid date of birth' }]);
      if (ageOn(dateOfBirth, today) < STUDENT_MIN_AGE) {
        throw new ValidationFailedException([{ field: 'dateOfBirth', message: `You must be at least ${STUDENT_MIN_AGE} years old` }]);
      }
    }
    const values: StudentProfileValues = {
      ...(major ? { major } : {}),
      ...(university ? { university } : {}),
      ...(bio ? { bio } : {}),
    };
    const picture = form.file('files');
    if (picture) values.profilePictureKey = picture.key;

    const updated = await this.repository.transaction(async (tx) => {
      // A guarded update, so two first-time submissions cannot both set the date.
      if (dateOfBirth && !(await this.repository.setDateOfBirthOnce(user.id, dateOfBirth, tx))) throw dobLocked();
      return Object.keys(values).length ? this.repository.update(user.id, values, tx) : this.repository.findOrCreate(user.id, tx);
    });
    form.keep();
    if (picture && current.profilePictureKey && current.profilePictureKey !== picture.key) {
      await this.storage.deleteQuietly([current.profilePictureKey]);
    }
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

const dobLocked = () => new BadRequestException({ message: DOB_LOCKED, errors: [{ field: 'dateOfBirth', message: DOB_LOCKED }] });
