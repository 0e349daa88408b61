import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AuthRepositoryModule } from './auth-repository.module.js';
import { AuthBansSubscriber } from './auth-bans.subscriber.js';
import { AuthTokens } from './auth-tokens.service.js';

/**
 * Token issuing alone, for modules that re-issue a token after changing a claim (onboarding sets
 * `onboardingCompleted`), without importing AuthModule's controller and sign-in rules. A ban's end of the user's
 * sessions (AuthBansSubscriber) lives here too.
 */
@Module({ imports: [JwtModule.register({}), AuthRepositoryModule], providers: [AuthTokens, AuthBansSubscriber], exports: [AuthTokens] })
export class AuthTokensModule {}
