import { Module } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';
import { SessionUserReadModel } from './session-user.read-model.js';
import { SessionCache } from './session-cache.js';
import { SignInLinkStore } from './sign-in-link-store.js';

/**
 * The auth repository alone (codes, reset tokens, sessions), the session check's read model and the sign-in links' store: shared by AuthModule (and its job handler) and
 * AuthTokensModule. The database and Clock are global.
 */
@Module({ providers: [AuthRepository, SessionUserReadModel, SessionCache, SignInLinkStore], exports: [AuthRepository, SessionUserReadModel, SessionCache, SignInLinkStore] })
export class AuthRepositoryModule {}
