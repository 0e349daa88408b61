import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AuthRepositoryModule } from './auth-repository.module.js';
import { AuthTokens } from './auth-tokens.service.js';

/**
 * Token issuing alone, for modules that re-issue a token after changing a claim (onboarding sets
 * `onboardingCompleted`), without importing AuthModule's controller and sign-in rules.
 */
@Module({ imports: [JwtModule.register({}), AuthRepositoryModule], providers: [AuthTokens], exports: [AuthTokens] })
export class AuthTokensModule {}
