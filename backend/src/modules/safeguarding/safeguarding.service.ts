import { Injectable } from '@nestjs/common';
import { maskContactDetails, type MaskKind } from '../../common/security/contact-masking.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { SafeguardingSourceKind } from './safeguarding.schema.js';
import { SafeguardingRepository } from './safeguarding.repository.js';

export type { MaskKind } from '../../common/security/contact-masking.js';
export type { SafeguardingFlagRow, SafeguardingSourceKind } from './safeguarding.schema.js';

/** A text as it is to be stored and served: `text` masked; `original` and `kinds` for the flag. */
export interface ScreenedText {
  /** What is stored and shown to the other side. */
  text: string;
  /** As the author wrote it: only ever stored in the flag, for the moderators. */
  original: string;
  /** Kinds of contact detail masked; empty when the text was left alone. */
  kinds: MaskKind[];
}

/** The text's place: its kind, the id of the thing it belongs to, who wrote it and (when there is one) for whom. */
export interface TextSource {
  kind: SafeguardingSourceKind;
  id: string;
  authorId: string;
  readerId?: string | null;
}

/**
 * The one safeguarding rule for every text one side writes for the other (chat messages, essay feedback and notes,
 * tutoring descriptions, session purposes, tutors' motivations): contact details are masked on write, so the stored
 * and served value is the masked one; the original is kept for moderators only, in a flag that puts the text on the
 * admins' moderation queue (`GET /api/admin/chat/moderation`) with its source kind and the id of the thing it
 * belongs to.
 *
 * A write path screens the text before storing it and records the flag in the same transaction once it knows the
 * id of what it stored (`screen` then `flag`), or does both when it knows the id up front (`apply`).
 */
@Injectable()
export class SafeguardingService {
  constructor(
    private readonly repository: SafeguardingRepository,
    private readonly clock: Clock,
  ) {}

  screen(text: string): ScreenedText {
    const masked = maskContactDetails(text);
    return { text: masked.text, original: text, kinds: masked.flags };
  }

  /** Records the flag of a text that had something masked (nothing for a clean text); answers the flag's id. */
  async flag(screened: ScreenedText, source: TextSource, tx?: DbOrTx): Promise<string | undefined> {
    if (screened.kinds.length === 0) return undefined;
    return this.repository.insertFlag(
      {
        sourceKind: source.kind,
        sourceId: source.id,
        authorId: source.authorId,
        readerId: source.readerId ?? null,
        original: screened.original,
        masked: screened.text,
        kinds: screened.kinds,
        createdAt: this.clock.now(),
      },
      tx,
    );
  }

  /** Screens and flags a text whose source is known before it is stored; answers the text to store. */
  async apply(text: string, source: TextSource, tx?: DbOrTx): Promise<string> {
    const screened = this.screen(text);
    await this.flag(screened, source, tx);
    return screened.text;
  }
}
