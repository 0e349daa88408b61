import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PaginationDto } from '../../../common/pagination.js';

/** A student as Student Management shows it. */
export class AdminStudentDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) dateOfBirth: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Presigned URL' }) profilePicture: string | null;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty() onboardingCompleted: boolean;
  @ApiProperty() banned: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** One student in full for the details dialog: the card's fields and the profile's. */
export class AdminStudentDetailDto extends AdminStudentDto {
  @ApiProperty({ type: String, nullable: true }) major: string | null;
  @ApiProperty({ type: String, nullable: true }) university: string | null;
  @ApiProperty({ type: String, nullable: true }) bio: string | null;
}

export class AdminStudentListDto {
  @ApiProperty({ type: [AdminStudentDto] }) students: AdminStudentDto[];
  @ApiPropertyOptional({ type: PaginationDto, description: 'With page, limit or search only (totalPayments is the number of students matching)' }) pagination?: PaginationDto;
}

export class AdminStudentEnvelopeDto {
  @ApiProperty({ type: AdminStudentDetailDto }) student: AdminStudentDetailDto;
}

export class AdminStudentUpdatedDto {
  @ApiProperty() message: string;
  @ApiProperty({ type: AdminStudentDetailDto }) student: AdminStudentDetailDto;
}
