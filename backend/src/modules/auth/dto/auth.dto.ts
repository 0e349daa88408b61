import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { EMAIL_PATTERN, VERIFICATION_CODE_LENGTH } from '@redpen/shared/account-rules';
import { IsStrongPassword } from '../password-policy.js';
import { UserDto } from '../user.presenter.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

// class-validator runs a property's decorators bottom-up: the "required" checks sit nearest the property.

/** An email field with the spec's messages. */
function EmailField(): PropertyDecorator {
  return (target, key) => {
    // Applied in the order a decorator stack would apply them (bottom first), so "required" is checked first.
    IsString({ message: 'Email is required' })(target, key);
    IsNotEmpty({ message: 'Email is required' })(target, key);
    Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })(target, key);
    MaxLength(254, { message: 'Please enter a valid email address' })(target, key);
    Transform(trimLower)(target, key);
    ApiProperty({ example: 'jane@example.com' })(target, key);
  };
}

export class RegisterDto {
  @ApiProperty({ example: 'Jane Doe', description: 'First and last name joined' })
  @Transform(trim)
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name: string;

  @EmailField()
  email: string;

  @ApiProperty({ example: 'C0rrect-Horse', description: '8+ characters with upper, lower, number and special; not a common password' })
  @IsStrongPassword()
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password: string;

  @ApiProperty({ enum: ['student', 'tutor'] })
  @IsIn(['student', 'tutor'], { message: 'Role must be student or tutor' })
  @IsNotEmpty({ message: 'Role is required' })
  @IsString({ message: 'Role is required' })
  role: 'student' | 'tutor';

  @ApiProperty({ example: '07700900123' })
  @Transform(trim)
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'Please enter a valid phone number' })
  @IsNotEmpty({ message: 'Phone is required' })
  @IsString({ message: 'Phone is required' })
  phone: string;
}

export class RegisterResponseDto {
  @ApiProperty({ example: 'Registration successful. Please check your email for the verification code.' }) message: string;
  @ApiProperty({ example: 'jane@example.com' }) email: string;
}

export class EmailOnlyDto {
  @EmailField()
  email: string;
}

export class VerifyEmailDto {
  @EmailField()
  email: string;

  @ApiProperty({ example: '123456' })
  @Transform(trim)
  @MaxLength(VERIFICATION_CODE_LENGTH, { message: 'Invalid or expired verification code' })
  @IsNotEmpty({ message: 'Please enter the verification code' })
  @IsString({ message: 'Please enter the verification code' })
  emailVerificationCode: string;
}

export class LoginDto {
  @ApiProperty({ example: 'jane@example.com' })
  @Transform(trimLower)
  @MaxLength(254, { message: 'Invalid email or password' })
  @IsNotEmpty({ message: 'Please fill in all fields' })
  @IsString({ message: 'Please fill in all fields' })
  email: string;

  @ApiProperty()
  @MaxLength(1024, { message: 'Invalid email or password' })
  @IsNotEmpty({ message: 'Please fill in all fields' })
  @IsString({ message: 'Please fill in all fields' })
  password: string;
}

export class Verify2faDto {
  @ApiProperty({ format: 'uuid' })
  @IsNotEmpty({ message: 'User id is required' })
  @IsString({ message: 'User id is required' })
  userId: string;

  @ApiProperty({ example: '123456' })
  @Transform(trim)
  @MaxLength(VERIFICATION_CODE_LENGTH, { message: 'Invalid or expired verification code' })
  @IsNotEmpty({ message: 'Please enter the verification code' })
  @IsString({ message: 'Please enter the verification code' })
  twoFAToken: string;
}

export class ResetPasswordDto {
  @ApiProperty()
  @MaxLength(200, { message: 'Invalid or expired reset link' })
  @IsNotEmpty({ message: 'Invalid or expired reset link' })
  @IsString({ message: 'Invalid or expired reset link' })
  resetToken: string;

  @ApiProperty()
  @IsStrongPassword()
  @IsNotEmpty({ message: 'Please fill in all fields.' })
  @IsString({ message: 'Please fill in all fields.' })
  newPassword: string;
}

export class TwoFactorSettingDto {
  @ApiProperty()
  @IsBoolean({ message: 'enabled must be true or false' })
  @IsDefined({ message: 'enabled must be true or false' })
  enabled: boolean;

  @ApiPropertyOptional({ description: 'The current password: required to turn two-factor sign-in off' })
  @MaxLength(1024, { message: 'Your password is not correct.' })
  @IsNotEmpty({ message: 'Please enter your password to turn off two-factor sign-in' })
  @IsString({ message: 'Please enter your password to turn off two-factor sign-in' })
  @ValidateIf((body: TwoFactorSettingDto) => body.enabled === false)
  password?: string;
}

export class SignInCodeDto {
  @ApiProperty()
  @MaxLength(100, { message: 'This sign-in link is invalid or has expired.' })
  @IsNotEmpty({ message: 'This sign-in link is invalid or has expired.' })
  @IsString({ message: 'This sign-in link is invalid or has expired.' })
  signInCode: string;
}

export class SignInLinkDto {
  @ApiProperty() signInCode: string;
  @ApiProperty({ example: 'https://redpen.example/login?signInCode=…' }) url: string;
  @ApiProperty({ example: 120 }) expiresInSeconds: number;
}

export class SignInLinkPreviewDto {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class MessageDto {
  @ApiProperty() message: string;
}

export class TokenUserDto {
  @ApiProperty() token: string;
  @ApiProperty({ type: UserDto }) user: UserDto;
}

export class LoginResponseDto {
  @ApiPropertyOptional() token?: string;
  @ApiPropertyOptional({ type: UserDto }) user?: UserDto;
  @ApiPropertyOptional({ description: 'Present (true) when a second factor is needed: call verify2FA' }) twoFactorRequired?: boolean;
  @ApiPropertyOptional({ format: 'uuid' }) userId?: string;
  @ApiPropertyOptional({ example: 'A verification code has been sent to your email.' }) message?: string;
}

export class UserEnvelopeDto {
  @ApiProperty({ type: UserDto }) user: UserDto;
}

export class ProfilesDto {
  @ApiProperty() student: boolean;
  @ApiProperty() tutor: boolean;
}
