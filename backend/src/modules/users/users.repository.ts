import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { users, type NewUserRow, type UserRow } from './users.schema.js';

/** Who a user is, for a notice or a name on a card. */
export interface UserContact {
  id: string;
  name: string;
  email: string;
}

/** What may change on a user after sign-up; each field has one writer, through UsersService. */
export type UserChanges = Partial<Pick<UserRow, 'emailVerified' | 'passwordHash' | 'twoFactorEnabled' | 'onboardingCompleted' | 'banned'>>;

/**
 * The only writer of the `users` table. Other repositories may join `users` to read it (a tutor card, the
 * session check), never write it.
 */
@Injectable()
export class UsersRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    private readonly notifications: DatabaseNotifications,
    private readonly clock: Clock,
  ) {}

  async findByEmail(email: string, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
    return row;
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Names and emails of these users, in one query (notices, presenters); unknown ids are left out. */
  async contacts(ids: readonly string[], tx: DbOrTx = this.db): Promise<UserContact[]> {
    const list = [...new Set(ids)];
    if (list.length === 0) return [];
    return tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, list));
  }

  /**
   * Whether each of these users is banned, their rows locked `for share` (or `for no key update` for `exclusive`)
   * until the transaction ends, taken in id order so two transactions never wait on each other crosswise. A ban (an
   * update of the row) waits for the lock, or has committed and is read here. An unknown id reads as banned.
   */
  async lockBanned(ids: readonly string[], tx: DbOrTx, exclusive?: string): Promise<Map<string, boolean>> {
    const banned = new Map<string, boolean>();
    for (const id of [...new Set(ids)].sort()) {
      const query = tx.select({ banned: users.banned }).from(users).where(eq(users.id, id));
      const [row] = await (id === exclusive ? query.for('no key update') : query.for('share'));
      banned.set(id, row?.banned ?? true);
    }
    return banned;
  }

  /** Whether each of these users is banned now (a read, no lock); an unknown id reads as banned. */
  async bannedOf(ids: readonly string[], tx: DbOrTx = this.db): Promise<Map<string, boolean>> {
    const rows = await tx.select({ id: users.id, banned: users.banned }).from(users).where(inArray(users.id, [...new Set(ids)]));
    return new Map(ids.map((id) => [id, rows.find((r) => r.id === id)?.banned ?? true]));
  }

  /** Inserts a user; undefined when the email is already taken (the unique index decides, not a read). */
  async insert(values: NewUserRow, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The updated row, or undefined when no user has this id. */
  async update(id: string, changes: UserChanges, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.update(users).set({ ...changes, updatedAt: this.clock.now() }).where(eq(users.id, id)).returning();
    this.notifications.announce('auth_changed', id);
    return row;
  }

  /**
   * Bans or unbans a student or tutor: a guarded UPDATE (never an admin; only when the flag changes), so a repeated
   * request changes nothing. Undefined when nothing changed.
   */
  async setBanned(id: string, banned: boolean, tx: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ banned, updatedAt: this.clock.now() })
      .where(and(eq(users.id, id), ne(users.role, 'admin'), ne(users.banned, banned)))
      .returning();
    if (row) this.notifications.announce('auth_changed', id);
    return row;
  }
}
