import { Injectable } from '@nestjs/common';
import type { DbOrTx, Transaction } from '../../infra/database/database.types.js';
import { UsersService } from '../users/users.service.js';

export interface Parties {
  studentId: string;
  tutorId: string;
}

export interface PartiesBanned {
  studentBanned: boolean;
  tutorBanned: boolean;
}

/** The bans of a session's two sides, read through Users (the owner of `users.banned`). */
@Injectable()
export class TutoringParties {
  constructor(private readonly users: UsersService) {}

  /**
   * Both sides' bans, their user rows locked until `tx` ends: a ban waits for this transaction or has committed
   * and is read here, so a booking or a payment never slips past a ban's subscribers. `student: 'exclusive'` (a
   * booking) takes the student's row for no key update, so one student's bookings queue; otherwise both are shared.
   */
  async lock(parties: Parties, tx: Transaction, options: { student?: 'exclusive' } = {}): Promise<PartiesBanned> {
    const banned = await this.users.lockBanned([parties.studentId, parties.tutorId], tx, options.student === 'exclusive' ? parties.studentId : undefined);
    return { studentBanned: banned.get(parties.studentId)!, tutorBanned: banned.get(parties.tutorId)! };
  }

  /** Whether the student or the tutor is banned now (a read, no lock). */
  async banned(parties: Parties, tx?: DbOrTx): Promise<PartiesBanned> {
    const banned = await this.users.bannedOf([parties.studentId, parties.tutorId], tx);
    return { studentBanned: banned.get(parties.studentId)!, tutorBanned: banned.get(parties.tutorId)! };
  }
}
