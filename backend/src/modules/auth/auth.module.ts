import { Module } from '@nestjs/common';
import { BearerAuthenticator } from '../../common/guards/bearer-authenticator.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthRepositoryModule } from './auth-repository.module.js';
import { AuthService } from './auth.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { AuthTokensModule } from './auth-tokens.module.js';
import { BearerSessionAuthenticator } from './bearer-authenticator.js';
import { SignInLinks } from './sign-in-links.service.js';
import { PurgeExpiredAuthHandler } from './purge-expired-auth.handler.js';
import './auth.mails.js';
import './auth.jobs.js';

/**
 * Sign-up, sign-in, codes and password reset. Exports `BearerAuthenticator`, what the global authentication guard
 * (registered in AppModule) asks of a bearer token; token issuing is `AuthTokensModule`, users are `UsersModule`.
 * `PurgeExpiredAuthHandler` serves the `maintenance.purge-expired-auth` job wherever workers run (the API with
 * WORKERS=inline, or worker.ts).
 */
@Module({
  imports: [AuthRepositoryModule, AuthTokensModule, UsersModule],
  controllers: [AuthController],
  providers: [AuthService, AuthThrottle, SignInLinks, { provide: BearerAuthenticator, useClass: BearerSessionAuthenticator }, PurgeExpiredAuthHandler],
  exports: [BearerAuthenticator],
})
export class AuthModule {}
