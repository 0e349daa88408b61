import { Module } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';
import { SessionCache } from './session-cache.js';

/**
 * The auth repository alone (codes, reset tokens, sessions): shared by AuthModule (and its job handler) and
 * AuthTokensModule. The database and Clock are global.
 */
@Module({ providers: [AuthRepository, SessionCache], exports: [AuthRepository, SessionCache] })
export class AuthRepositoryModule {}
