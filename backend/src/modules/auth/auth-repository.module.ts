import { Module } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';

/**
 * The auth repository alone, without AuthModule's controllers and global guards, for the auth processors
 * that WorkersModule runs (also in the worker-only `WorkerAppModule`). The database and Clock are global.
 */
@Module({ providers: [AuthRepository], exports: [AuthRepository] })
export class AuthRepositoryModule {}
