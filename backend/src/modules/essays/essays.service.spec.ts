// EssaysService.upload with storage and the repository replaced: how the detected count is read back.
import { describe, expect, it, jest } from '@jest/globals';
import { Readable } from 'node:stream';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { ReceivedUpload, StoredUpload } from '../../common/uploads/upload-rule.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { EssayRow } from '../../infra/database/schema/index.js';
import type { MailService } from '../../infra/mail/mail.service.js';
import type { StorageService } from '../../infra/storage/storage.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { RatingsService } from '../ratings/ratings.service.js';
import type { UploadEssayFormDto } from './dto/essay.dto.js';
import type { EssayPresenter } from './essay.presenter.js';
import type { EssayTimers } from './essay-timers.service.js';
import type { EssaysRepository } from './essays.repository.js';
import { EssaysService } from './essays.service.js';

const student = { id: 'student-1', role: 'student' } as AuthenticatedUser;

function setup() {
  /** The stored files' contents by key, and each read's start and end, in order. */
  const stored = new Map<string, Buffer>();
  const reads: string[] = [];
  const storage = {
    // A stream in 3-byte chunks that takes a few ticks, so overlapping reads would interleave.
    openStream: jest.fn(async (key: string) => {
      reads.push(`start ${key}`);
      const bytes = stored.get(key)!;
      const chunks = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3));
      return Readable.from(
        (async function* () {
          for (const chunk of chunks) {
            await new Promise((resolve) => setImmediate(resolve));
            yield chunk;
          }
          reads.push(`end ${key}`);
        })(),
      );
    }),
  };
  const repository = { insert: jest.fn(async (values: Partial<EssayRow>) => ({ id: `essay-${values.fileKey}`, ...values }) as EssayRow) };
  const config = { essays: { modelAnswerSurchargePence: 500, expeditedSurchargePence: 1000 } } as AppConfig;
  const service = new EssaysService(
    repository as unknown as EssaysRepository,
    {} as EssayPresenter,
    storage as unknown as StorageService,
    { now: () => new Date('2026-11-23T12:00:00Z') } as Clock,
    {} as ChatService,
    {} as PaymentsService,
    {} as RatingsService,
    {} as EssayTimers,
    {} as MailService,
    config,
  );
  const upload = (key: string, text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    stored.set(key, bytes);
    const file: StoredUpload = { field: 'file', filename: 'essay.txt', key, size: bytes.length, mime: 'text/plain', ext: 'txt', head: bytes.subarray(0, 4100) };
    const form = { fields: { title: 'Essay', subject: 'History', academicLevel: 'GCSE' }, file: (name: string) => (name === 'file' ? file : undefined), keep: () => undefined };
    return service.upload(student, form as unknown as ReceivedUpload<UploadEssayFormDto>);
  };
  return { upload, reads };
}

describe('EssaysService.upload', () => {
  it('counts the words of the file as stored, read back whole', async () => {
    const { upload } = setup();
    expect(await upload('a', 'one two three, four — five')).toMatchObject({ originalWordCount: 5, wordCount: 5 });
  });

  it('reads and counts one document at a time, in the order they came', async () => {
    const { upload, reads } = setup();
    const results = await Promise.all([upload('a', 'alpha beta gamma delta'), upload('b', 'one two'), upload('c', 'x y z')]);
    expect(results.map((r) => r.originalWordCount)).toEqual([4, 2, 3]);
    expect(reads).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
