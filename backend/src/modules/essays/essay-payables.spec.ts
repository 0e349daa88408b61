import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/env.schema.js';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { EssayRow } from './essays.schema.js';
import { PayableItems } from '../payments/payable-items.service.js';
import { EssayPayables } from './essay-payables.js';
import type { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { EssaysRepository } from './essays.repository.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const HOUR = 3600_000;
const tx = {} as DbOrTx;

function essay(values: Partial<EssayRow>): EssayRow {
  return {
    id: 'e1', studentId: 's1', tutorId: 't1', title: 'Macbeth', subject: 'History', academicLevel: 'A-Level', requestType: 'feedback-only', expedited: false,
    notes: null, preview: null, status: 'accepted', originalWordCount: 1500, wordCount: 1500, pricePence: 1850, modelAnswerSurchargePence: 0, expeditedSurchargePence: 0,
    fileKey: 'k', fileName: 'f.pdf', fileMime: 'application/pdf', markingSchemeKey: null, markingSchemeName: null, modelFileKey: null, score: null, feedback: null,
    studentAccept: false, tutorPaid: false, rated: false, confirmedAt: NOW, acceptedAt: NOW, paidTime: null, completedAt: null, overdueAt: null, cancelledAt: null, createdAt: NOW, updatedAt: NOW,
    tutorConfirmedAt: null, revisionRequestedAt: null, payoutNotifiedAt: null, revisionWindowClosedAt: null, wordCountToBeAgreed: false, wordCountEstimated: false, priceConfirmationRequired: false, studentConfirmedPricePence: null,
    ...values,
  };
}

function resolver(row: EssayRow): EssayPayables {
  const repository = { findById: () => Promise.resolve(row) } as unknown as EssaysRepository;
  const clock = { now: () => NOW } as Clock;
  const config = { windows: { payoutEligibilitySeconds: 48 * 3600 } } as AppConfig;
  return new EssayPayables(new PayableItems(), repository, clock, {} as DomainEvents, config);
}

describe('EssayPayables', () => {
  it('answers the essay’s price, student and tutor; payable only while accepted and unpaid', async () => {
    expect(await resolver(essay({})).load('e1', tx)).toMatchObject({ amountPence: 1850, studentId: 's1', tutorId: 't1', notPayableReason: null, description: 'Essay review: Macbeth (1,500 words)' });
    for (const status of ['open', 'paid', 'completed', 'cancelled'] as const) {
      expect((await resolver(essay({ status })).load('e1', tx))!.notPayableReason).toEqual(expect.any(String));
    }
  });

  it('holds a count not read from the document: set by the tutor (WORD_COUNT_NOT_SET), then its price confirmed by the student (PRICE_NOT_CONFIRMED)', async () => {
    const load = async (values: Partial<EssayRow>) => (await resolver(essay({ priceConfirmationRequired: true, ...values })).load('e1', tx))!;
    expect(await load({ wordCountEstimated: true, wordCount: 1, pricePence: 30 })).toMatchObject({ notPayableCode: 'WORD_COUNT_NOT_SET', notPayableReason: expect.stringMatching(/has not set the word count/) });
    expect(await load({ wordCountToBeAgreed: true })).toMatchObject({ notPayableCode: 'WORD_COUNT_NOT_SET' });
    expect(await load({})).toMatchObject({ notPayableCode: 'PRICE_NOT_CONFIRMED', notPayableReason: expect.stringContaining('1,500 words, so the price is now £18.50') });
    // A confirmation of an earlier price does not carry over to a new one.
    expect(await load({ studentConfirmedPricePence: 30 })).toMatchObject({ notPayableCode: 'PRICE_NOT_CONFIRMED' });
    expect(await load({ studentConfirmedPricePence: 1850 })).toMatchObject({ notPayableReason: null });
    // A count read from the document: payable once accepted, as before.
    expect(await resolver(essay({})).load('e1', tx)).toMatchObject({ notPayableReason: null });
  });

  it('lets the tutor be paid once the student accepted, or 48 h after completion', async () => {
    const completed = (values: Partial<EssayRow>) => resolver(essay({ status: 'completed', paidTime: NOW, ...values })).load('e1', tx);
    expect((await completed({ completedAt: new Date(NOW.getTime() - 47 * HOUR) }))!.payoutBlockedReason).toEqual(expect.any(String));
    expect((await completed({ completedAt: new Date(NOW.getTime() - 48 * HOUR) }))!.payoutBlockedReason).toBeNull();
    expect((await completed({ completedAt: NOW, studentAccept: true }))!.payoutBlockedReason).toBeNull();
    expect((await resolver(essay({ status: 'paid', paidTime: NOW })).load('e1', tx))!.payoutBlockedReason).toEqual(expect.any(String));
  });

  it('refunds a paid, unmarked essay within 24 h of paying only', async () => {
    const paid = (ago: number, status: EssayRow['status'] = 'paid') => resolver(essay({ status, paidTime: new Date(NOW.getTime() - ago) })).load('e1', tx);
    expect((await paid(23 * HOUR))!.refundBlockedReason).toBeNull();
    expect((await paid(25 * HOUR))!.refundBlockedReason).toBe('The 24-hour refund window has closed');
    expect((await paid(HOUR, 'completed'))!.refundBlockedReason).toEqual(expect.any(String));
  });
});
