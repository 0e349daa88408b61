import { Module } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';

/**
 * The auth repository alone (codes, reset tokens, sessions): shared by AuthModule (and its job handler) and
 * AuthTokensModule. The database and Clock are global.
 */
@Module({ providers: [AuthRepository], exports: [AuthRepository] })
export class AuthRepositoryModule {}
