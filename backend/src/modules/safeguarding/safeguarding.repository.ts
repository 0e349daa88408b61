import { Inject, Injectable } from '@nestjs/common';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { safeguardingFlags, type NewSafeguardingFlagRow } from './safeguarding.schema.js';

/** The one writer of `safeguarding_flags` (the moderation queue reads them). */
@Injectable()
export class SafeguardingRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  async insertFlag(values: NewSafeguardingFlagRow, tx: DbOrTx = this.db): Promise<string> {
    const [row] = await tx.insert(safeguardingFlags).values(values).returning({ id: safeguardingFlags.id });
    return row!.id;
  }
}
