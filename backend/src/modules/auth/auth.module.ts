import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthRepositoryModule } from './auth-repository.module.js';
import { AuthService } from './auth.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { AuthTokensModule } from './auth-tokens.module.js';
import { SignInLinks } from './sign-in-links.service.js';
import { JwtStrategy } from './jwt.strategy.js';
import { PurgeExpiredAuthHandler } from './purge-expired-auth.handler.js';

/**
 * Sign-up, sign-in, codes and password reset. `JwtStrategy` registers the passport strategy that the global
 * authentication guard (registered in AppModule) uses. Exports nothing: token issuing is `AuthTokensModule`,
 * users are `UsersModule`.
 * `PurgeExpiredAuthHandler` serves the `maintenance.purge-expired-auth` job wherever workers run (the API with
 * WORKERS=inline, or worker.ts).
 */
@Module({
  imports: [PassportModule, AuthRepositoryModule, AuthTokensModule, UsersModule],
  controllers: [AuthController],
  providers: [AuthService, AuthThrottle, SignInLinks, JwtStrategy, PurgeExpiredAuthHandler],
})
export class AuthModule {}
