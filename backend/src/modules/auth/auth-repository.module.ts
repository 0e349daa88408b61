import { Module } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';
import { SessionCache } from './session-cache.js';
import { SignInLinkStore } from './sign-in-link-store.js';

/**
 * The auth repository alone (codes, reset tokens, sessions) and the sign-in links' store: shared by AuthModule (and its job handler) and
 * AuthTokensModule. The database and Clock are global.
 */
@Module({ providers: [AuthRepository, SessionCache, SignInLinkStore], exports: [AuthRepository, SessionCache, SignInLinkStore] })
export class AuthRepositoryModule {}
