import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from '../../common/guards/jwt-auth.guard.js';
import { RolesGuard } from '../../common/guards/roles.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { AuthTokens } from './auth-tokens.service.js';
import { JwtStrategy } from './jwt.strategy.js';

/**
 * Accounts and sign-in. Registers the two global guards, in order: authentication (JWT, every route
 * unless `@Public()`), then roles (`@Roles()`). `AuthTokens` is exported for modules that re-issue a token
 * (onboarding sets onboardingCompleted, which the token carries).
 */
@Module({
  imports: [PassportModule, JwtModule.register({})],
  controllers: [AuthController],
  providers: [
    AuthRepository,
    AuthService,
    AuthTokens,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AuthTokens, AuthRepository],
})
export class AuthModule {}
