// EssaysService.upload with the repository and the document counter replaced: where the detected count comes from.
import { describe, expect, it, jest } from '@jest/globals';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { ReceivedUpload, StoredUpload, UploadTap } from '../../common/uploads/upload-rule.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { EssayRow } from './essays.schema.js';
import type { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { ChatService } from '../chat/chat.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { RatingsService } from '../ratings/ratings.service.js';
import type { SafeguardingService } from '../safeguarding/safeguarding.service.js';
import type { UploadEssayFormDto } from './dto/essay.dto.js';
import type { EssayPresenter } from './essay.presenter.js';
import type { EssaysRepository } from './essays.repository.js';
import { EssaysService } from './essays.service.js';
import { essayCountTap } from './word-count/count-tap.js';
import type { DocumentWordCounter } from './word-count/document-word-counter.js';
import { READABLE_DOCUMENT_TYPES, UnreadableDocumentError } from './word-count/document-text.js';

const student = { id: 'student-1', role: 'student' } as AuthenticatedUser;
const PNG_MIME = 'image/png';

function setup(documentCount: (bytes: ArrayBuffer, mime: string) => Promise<number> = async () => 0) {
  const repository = { insert: jest.fn(async (values: Partial<EssayRow>) => ({ id: `essay-${values.fileKey}`, ...values }) as EssayRow) };
  const count = jest.fn(documentCount);
  const documents = { count, read: jest.fn(async (bytes: ArrayBuffer, mime: string) => ({ words: await count(bytes, mime), opening: 'The opening words' })) };
  const config = {
    essays: { modelAnswerSurchargePence: 500, expeditedSurchargePence: 1000 },
    windows: { wordCountWindowSeconds: 86_400, markingDeadlineSeconds: 172_800, payoutEligibilitySeconds: 172_800, revisionWindowSeconds: 604_800, sweeperIntervalSeconds: 300 },
  } as AppConfig;
  const service = new EssaysService(
    repository as unknown as EssaysRepository,
    {} as EssayPresenter,
    documents as unknown as DocumentWordCounter,
    { now: () => new Date('2026-11-23T12:00:00Z') } as Clock,
    {} as ChatService,
    {} as PaymentsService,
    {} as RatingsService,
    { transaction: async (work: (tx: never) => unknown) => work(undefined as never) } as unknown as DomainEvents,
    { screen: (text: string) => ({ text, original: text, kinds: [] }), flag: async () => undefined } as unknown as SafeguardingService,
    config,
  );
  /** An upload of `bytes` as the helper hands it over: its tap (ESSAY_UPLOAD's) has seen every byte, in 3-byte chunks. */
  const upload = (mime: string, bytes: Buffer, wordCount?: number) => {
    const tap: UploadTap | undefined = essayCountTap({ field: 'file', mime, ext: 'x', maxBytes: 10 * 1024 * 1024 });
    for (let i = 0; i < bytes.length; i += 3) tap?.write(bytes.subarray(i, i + 3));
    const file: StoredUpload = { field: 'file', filename: 'essay', key: 'k', size: bytes.length, mime, ext: 'x', head: bytes.subarray(0, 4100), ...(tap && { tap }) };
    const form = { fields: { title: 'Essay', subject: 'History', academicLevel: 'GCSE', wordCount }, file: (name: string) => (name === 'file' ? file : undefined), keep: () => undefined };
    return service.upload(student, form as unknown as ReceivedUpload<UploadEssayFormDto>);
  };
  return { upload, documents, repository };
}

describe('EssaysService.upload', () => {
  it('counts plain text from what streamed past, without the document counter', async () => {
    const { upload, documents } = setup();
    expect(await upload(READABLE_DOCUMENT_TYPES.txt, Buffer.from('one two three, four — five naïve', 'utf8'))).toMatchObject({ originalWordCount: 6, wordCount: 6 });
    expect(documents.count).not.toHaveBeenCalled();
  });

  it('keeps the opening lines for the pool card: of the text as it streamed, of a document as read, none for an image', async () => {
    const { upload, repository } = setup(async () => 1001);
    await upload(READABLE_DOCUMENT_TYPES.txt, Buffer.from('one two\n\nthree, four — five naïve', 'utf8'));
    await upload(READABLE_DOCUMENT_TYPES.pdf, Buffer.from('%PDF-1.7 pretend'));
    await upload(PNG_MIME, Buffer.from([0x89, 0x50]), 900);
    expect(repository.insert.mock.calls.map(([values]) => values.preview)).toEqual(['one two three, four — five naïve', 'The opening words', null]);
  });

  it("hands a document's kept bytes, whole, to the document counter", async () => {
    const bytes = Buffer.from('%PDF-1.7 pretend document bytes');
    const { upload, documents } = setup(async (kept) => (Buffer.from(kept).equals(bytes) ? 1001 : -1));
    expect(await upload(READABLE_DOCUMENT_TYPES.pdf, bytes)).toMatchObject({ originalWordCount: 1001, price: 15.01, pricePence: 1501 });
    expect(documents.count).toHaveBeenCalledWith(expect.any(ArrayBuffer), READABLE_DOCUMENT_TYPES.pdf);
  });

  it('answers 400 ESSAY_FILE_UNREADABLE for a document the counter cannot read', async () => {
    const { upload } = setup(async (_bytes, mime) => {
      throw new UnreadableDocumentError(mime, new Error('bad xref'));
    });
    await expect(upload(READABLE_DOCUMENT_TYPES.docx, Buffer.from('PK\u0003\u0004'))).rejects.toMatchObject({ status: 400, response: { code: 'ESSAY_FILE_UNREADABLE' } });
  });

  it("takes the student's count for a document with no words (a scan, else asks for it) and for an image (else the count is to be agreed)", async () => {
    const { upload, documents } = setup(async () => 0);
    expect(await upload(READABLE_DOCUMENT_TYPES.pdf, Buffer.from('%PDF scan'), 1200)).toMatchObject({ originalWordCount: 1200 });
    await expect(upload(READABLE_DOCUMENT_TYPES.pdf, Buffer.from('%PDF scan'))).rejects.toMatchObject({ status: 400, response: { code: 'ESSAY_FILE_UNREADABLE' } });
    expect(await upload(PNG_MIME, Buffer.from([0x89, 0x50]), 900)).toMatchObject({ originalWordCount: 900 });
    // Without one, the image's count is to be agreed with the tutor: priced at the minimum charge.
    expect(await upload(PNG_MIME, Buffer.from([0x89, 0x50]))).toMatchObject({ wordCountToBeAgreed: true, pricePence: 30, price: 0.3 });
    expect(documents.count).toHaveBeenCalledTimes(2);
  });
});
