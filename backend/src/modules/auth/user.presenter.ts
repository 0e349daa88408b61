import { ApiProperty } from '@nestjs/swagger';
import type { UserRow } from '../users/users.service.js';

/** The user as every response shows it (`_id` and `id` both, as the spec's client reads either). */
export class UserDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Jane Doe' }) name: string;
  @ApiProperty({ example: 'jane@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: '07700900123' }) phone: string | null;
  @ApiProperty({ enum: ['student', 'tutor', 'admin'] }) role: 'student' | 'tutor' | 'admin';
  @ApiProperty() onboardingCompleted: boolean;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty() twoFactorEnabled: boolean;
}

export function presentUser(user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'onboardingCompleted' | 'emailVerified' | 'twoFactorEnabled'>): UserDto {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    onboardingCompleted: user.onboardingCompleted,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
  };
}
