import { Body, Controller, Get, HttpCode, Ip, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { holdsRole, type AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { AuthService, MESSAGES } from './auth.service.js';
import { presentUser } from './user.presenter.js';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_REVOKED, SignInLinks } from './sign-in-links.service.js';
import {
  EmailOnlyDto,
  LoginDto,
  LoginResponseDto,
  MessageDto,
  ProfilesDto,
  RegisterDto,
  RegisterResponseDto,
  ResetPasswordDto,
  SignInCodeDto,
  SignInLinkDto,
  SignInLinkPreviewDto,
  TokenUserDto,
  TwoFactorSettingDto,
  UserEnvelopeDto,
  Verify2faDto,
  VerifyEmailDto,
} from './dto/auth.dto.js';
import { WriteLimit } from '../../common/rate-limit/write-limit.decorator.js';

/** Signing out counts apart from the general write limit: a user who hit that can always end their sessions. */
const SIGN_OUT_LIMIT = { name: 'sign-out', points: 30, durationSeconds: 60 };

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly signInLinks: SignInLinks,
  ) {}

  @Public()
  @Post('register')
  @ApiCreatedResponse({ type: RegisterResponseDto, description: 'Same answer whether or not the email is already registered' })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, or the password is too weak or too common' })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address' })
  register(@Body() body: RegisterDto, @Ip() ip: string): Promise<RegisterResponseDto> {
    return this.auth.register(body, ip);
  }

  @Public()
  @Post('verifyEmail')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenUserDto })
  @ApiBadRequestResponse({ description: `${MESSAGES.invalidCode} / ${MESSAGES.tooManyAttempts}` })
  @ApiTooManyRequestsResponse({ description: 'Rate limited' })
  verifyEmail(@Body() body: VerifyEmailDto, @Ip() ip: string): Promise<TokenUserDto> {
    return this.auth.verifyEmail(body.email, body.emailVerificationCode, ip);
  }

  @Public()
  @Post('resendCode')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  @ApiTooManyRequestsResponse({ description: 'Please wait N seconds before requesting a new code.' })
  resendCode(@Body() body: EmailOnlyDto, @Ip() ip: string): Promise<MessageDto> {
    return this.auth.resendCode(body.email, ip);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResponseDto, description: '`{ token, user }`, or `{ twoFactorRequired, userId, message }` when a second factor is needed (the user turned it on, or TWO_FACTOR_POLICY demands it)' })
  @ApiUnauthorizedResponse({ description: MESSAGES.invalidLogin })
  @ApiForbiddenResponse({ description: `${MESSAGES.unverified} / ${MESSAGES.banned}` })
  @ApiTooManyRequestsResponse({ description: 'Rate limited' })
  login(@Body() body: LoginDto, @Ip() ip: string): Promise<LoginResponseDto> {
    return this.auth.login(body.email, body.password, ip);
  }

  @Public()
  @Post('verify2FA')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenUserDto })
  @ApiBadRequestResponse({ description: `${MESSAGES.invalidCode} / ${MESSAGES.tooManyAttempts}` })
  verify2FA(@Body() body: Verify2faDto, @Ip() ip: string): Promise<TokenUserDto> {
    return this.auth.verifyTwoFactor(body.userId, body.twoFAToken, ip);
  }

  @Public()
  @Post('resend2FA')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  @ApiTooManyRequestsResponse({ description: 'Please wait N seconds before requesting a new code.' })
  resend2FA(@Body() body: EmailOnlyDto, @Ip() ip: string): Promise<MessageDto> {
    return this.auth.resendTwoFactor(body.email, ip);
  }

  @Public()
  @Post('requestPasswordReset')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto, description: MESSAGES.resetRequested })
  requestPasswordReset(@Body() body: EmailOnlyDto, @Ip() ip: string): Promise<MessageDto> {
    return this.auth.requestPasswordReset(body.email, ip);
  }

  @Public()
  @Post('resetPassword')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto, description: MESSAGES.resetDone })
  @ApiBadRequestResponse({ description: MESSAGES.invalidReset })
  @ApiTooManyRequestsResponse({ description: 'Rate limited per client IP' })
  @ApiServiceUnavailableResponse({ description: 'Too many passwords being hashed: try again after Retry-After seconds' })
  resetPassword(@Body() body: ResetPasswordDto, @Ip() ip: string): Promise<MessageDto> {
    return this.auth.resetPassword(body.resetToken, body.newPassword, ip);
  }

  @Post('logout')
  @WriteLimit(SIGN_OUT_LIMIT)
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiNoContentResponse({ description: 'This token no longer works' })
  async logout(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    await this.auth.logout(user.sessionId, user.id);
  }

  @Post('logoutEverywhere')
  @WriteLimit(SIGN_OUT_LIMIT)
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiNoContentResponse({ description: 'Every session of the account ended (this one too), and their chat sockets closed' })
  async logoutEverywhere(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    await this.auth.logoutEverywhere(user.id);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOkResponse({ type: UserEnvelopeDto })
  me(@CurrentUser() user: AuthenticatedUser): UserEnvelopeDto {
    // The guard has just read this user with its session: no second query.
    return { user: presentUser(user) };
  }

  @Get('checkProfiles')
  @ApiBearerAuth()
  @ApiOkResponse({ type: ProfilesDto })
  checkProfiles(@CurrentUser() user: AuthenticatedUser): ProfilesDto {
    return { student: holdsRole(user, 'student'), tutor: holdsRole(user, 'tutor') };
  }

  @Put('two-factor')
  @ApiBearerAuth()
  @ApiOkResponse({ type: UserEnvelopeDto })
  @ApiForbiddenResponse({ description: `Turning it off: ${MESSAGES.wrongPassword}` })
  @ApiUnprocessableEntityResponse({ description: MESSAGES.twoFactorRequired })
  async setTwoFactor(@CurrentUser() user: AuthenticatedUser, @Body() body: TwoFactorSettingDto, @Ip() ip: string): Promise<UserEnvelopeDto> {
    return { user: await this.auth.setTwoFactor(user.id, user.sessionId, body.enabled, body.password, ip) };
  }

  @Post('signInLink')
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiCreatedResponse({ type: SignInLinkDto, description: 'A one-time link that signs someone in as you, valid for two minutes while this session lasts' })
  createSignInLink(@CurrentUser() user: AuthenticatedUser): Promise<SignInLinkDto> {
    return this.signInLinks.create(user.id, user.sessionId);
  }

  @Public()
  @Post('signInLink/preview')
  @HttpCode(200)
  @ApiOkResponse({ type: SignInLinkPreviewDto, description: 'Whose link it is ("Continue as …?"); does not use it up' })
  @ApiBadRequestResponse({ description: SIGN_IN_LINK_INVALID })
  @ApiGoneResponse({ description: `${SIGN_IN_LINK_REVOKED} (SIGN_IN_LINK_REVOKED)` })
  previewSignInLink(@Body() body: SignInCodeDto, @Ip() ip: string): Promise<SignInLinkPreviewDto> {
    return this.signInLinks.preview(body.signInCode, ip);
  }

  @Public()
  @Post('signInLink/exchange')
  @HttpCode(200)
  @ApiOkResponse({ type: TokenUserDto })
  @ApiBadRequestResponse({ description: SIGN_IN_LINK_INVALID })
  @ApiGoneResponse({ description: `${SIGN_IN_LINK_REVOKED} (SIGN_IN_LINK_REVOKED)` })
  @ApiForbiddenResponse({ description: MESSAGES.banned })
  exchangeSignInLink(@Body() body: SignInCodeDto, @Ip() ip: string): Promise<TokenUserDto> {
    return this.signInLinks.exchange(body.signInCode, ip);
  }
}
