import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** User accounts (the `users` table). Exports the service only: nobody else writes users. */
@Module({ providers: [UsersRepository, UsersService], exports: [UsersService] })
export class UsersModule {}
