import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { FormText } from '../../../common/uploads/upload-rule.js';

class StudentUserDto {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

/** Student profile. */
export class StudentProfileDto {
  @ApiProperty({ type: StudentUserDto }) userId: StudentUserDto;
  @ApiProperty({ type: String, nullable: true }) major: string | null;
  @ApiProperty({ type: String, nullable: true }) university: string | null;
  @ApiProperty({ type: String, nullable: true }) bio: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) dateOfBirth: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL' }) profilePicture: string | null;
}

export class StudentEnvelopeDto {
  @ApiProperty({ type: StudentProfileDto }) student: StudentProfileDto;
}

export class StudentUpdatedDto {
  @ApiProperty({ example: 'Profile updated successfully' }) message: string;
  @ApiProperty({ type: StudentProfileDto }) updatedStudent: StudentProfileDto;
}

/**
 * The text fields of `POST /student/updateProfile` (files, major, university, bio,
 * dateOfBirth), validated by the upload helper. An empty field counts as not sent: it changes nothing.
 */
export class StudentProfileFormDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @FormText() @IsOptional() @IsString() @MaxLength(100, { message: 'Major must be at most 100 characters' })
  major?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @FormText() @IsOptional() @IsString() @MaxLength(200, { message: 'University must be at most 200 characters' })
  university?: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @FormText() @IsOptional() @IsString() @MaxLength(1000, { message: 'Bio must be at most 1000 characters' })
  bio?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Settable once; age 16 or over' })
  @FormText() @IsOptional() @IsString()
  dateOfBirth?: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'The profile picture: JPEG, PNG, WebP or GIF by content, ≤ 5 MB' })
  files?: unknown;
}
