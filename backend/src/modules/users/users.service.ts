import { Injectable, NotFoundException } from '@nestjs/common';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { NewUserRow, UserRow } from './users.schema.js';
import { UsersRepository, type UserContact, type UserChanges } from './users.repository.js';

export type { UserContact };
/** The users table's row, for the modules that hold a user (the table itself is this module's own). */
export type { NewUserRow, UserRow };

/**
 * The owner of user accounts: every other module reads and changes a user through this service (auth signs
 * up, verifies and resets; tutors complete onboarding; admin will ban and approve). Methods take an optional
 * transaction so a caller can change a user together with its own rows.
 */
@Injectable()
export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  findByEmail(email: string, tx?: DbOrTx): Promise<UserRow | undefined> {
    return this.repository.findByEmail(email, tx);
  }

  findById(id: string, tx?: DbOrTx): Promise<UserRow | undefined> {
    return this.repository.findById(id, tx);
  }

  /** Names and emails of these users (unknown ids are left out), in one query. */
  contacts(ids: readonly string[], tx?: DbOrTx): Promise<UserContact[]> {
    return this.repository.contacts(ids, tx);
  }

  /** The new user, or undefined when the email is taken (decided by the unique index, so safe under races). */
  /**
   * Whether each of these users is banned, their rows locked until `tx` ends (`exclusive`: that one's for no key
   * update), so a ban either waits for the caller's commit or is read here. An unknown id reads as banned.
   */
  lockBanned(ids: readonly string[], tx: DbOrTx, exclusive?: string): Promise<Map<string, boolean>> {
    return this.repository.lockBanned(ids, tx, exclusive);
  }

  /** Whether each of these users is banned now (no lock); an unknown id reads as banned. */
  bannedOf(ids: readonly string[], tx?: DbOrTx): Promise<Map<string, boolean>> {
    return this.repository.bannedOf(ids, tx);
  }

  create(values: Pick<NewUserRow, 'name' | 'email' | 'phone' | 'passwordHash' | 'role'>, tx?: DbOrTx): Promise<UserRow | undefined> {
    return this.repository.insert(values, tx);
  }

  markEmailVerified(id: string, tx?: DbOrTx): Promise<UserRow> {
    return this.change(id, { emailVerified: true }, tx);
  }

  /** Following an emailed reset link proves the address too, so the account becomes verified. */
  resetPassword(id: string, passwordHash: string, tx?: DbOrTx): Promise<UserRow> {
    return this.change(id, { passwordHash, emailVerified: true }, tx);
  }

  setTwoFactor(id: string, enabled: boolean, tx?: DbOrTx): Promise<UserRow> {
    return this.change(id, { twoFactorEnabled: enabled }, tx);
  }

  /** The token carries `onboardingCompleted`, so the caller re-issues one from the returned row. */
  markOnboardingCompleted(id: string, tx?: DbOrTx): Promise<UserRow> {
    return this.change(id, { onboardingCompleted: true }, tx);
  }

  /** A user deleted between the caller's check and this write is a 404, not a crash on `undefined`. */
  private async change(id: string, changes: UserChanges, tx?: DbOrTx): Promise<UserRow> {
    const row = await this.repository.update(id, changes, tx);
    if (!row) throw new NotFoundException('User not found.');
    return row;
  }
}
