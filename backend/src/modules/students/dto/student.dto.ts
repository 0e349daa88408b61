import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class StudentUserDto {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

/** Student profile (spec part 1 §3). */
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

export class StudentProfileFormDto {
  @ApiPropertyOptional({ maxLength: 100 }) major?: string;
  @ApiPropertyOptional({ maxLength: 200 }) university?: string;
  @ApiPropertyOptional({ maxLength: 1000 }) bio?: string;
  @ApiPropertyOptional({ format: 'date', description: 'Settable once' }) dateOfBirth?: string;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or GIF, ≤ 5 MB' }) profilePicture?: unknown;
}
