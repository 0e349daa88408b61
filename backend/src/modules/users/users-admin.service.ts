import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { UserRow } from './users.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { AuditLog } from '../admin/audit-log.service.js';
import { UsersRepository } from './users.repository.js';
import './users.events.js';

export const CANNOT_BAN_ADMIN = 'Admins cannot be banned.';
export const CANNOT_BAN_SELF = 'You cannot ban yourself.';

/**
 * Bans and unbans, for the students' and tutors' admin slices and chat
 * moderation alike. The flag, the audit row and the `user.banned` event commit together; the event's subscribers
 * end the sessions (Auth) and sockets (Chat) and release the work (Essays, Payments) right after the commit, each
 * once. A repeated request changes nothing and so records nothing. Unbanning restores access only.
 */
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly events: DomainEvents,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** The user after the change (or as it already was). 404 unknown; 403 an admin or oneself. */
  async setBanned(adminId: string, userId: string, banned: boolean, reason: string | null = null): Promise<UserRow> {
    const target = await this.repository.findById(userId);
    if (!target) throw new NotFoundException(coded('NOT_FOUND', 'User not found'));
    if (target.role === 'admin') throw new ForbiddenException(coded('CANNOT_BAN_ADMIN', CANNOT_BAN_ADMIN));
    if (target.id === adminId) throw new ForbiddenException(coded('CANNOT_BAN_ADMIN', CANNOT_BAN_SELF));
    const changed = await this.events.transaction(async (tx) => {
      const row = await this.repository.setBanned(userId, banned, tx);
      if (!row) return undefined;
      const at = this.clock.now();
      await this.audit.record(
        { actorId: adminId, action: banned ? 'user.ban' : 'user.unban', subjectType: 'user', subjectId: userId, before: { banned: !banned }, after: { banned }, reason },
        tx,
      );
      if (banned) await this.events.record(tx, 'user.banned', { userId, bannedBy: adminId, at: at.toISOString() });
      return row;
    });
    if (changed) return changed;
    const now = await this.repository.findById(userId);
    if (!now) throw new NotFoundException(coded('NOT_FOUND', 'User not found'));
    if (now.banned !== banned) throw new ConflictException('The account changed meanwhile. Please try again.');
    return now;
  }
}
