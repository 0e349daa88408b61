import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/env.schema.js';
import type { EssayRow } from './essays.schema.js';
import type { StorageService } from '../../infra/storage/storage.service.js';
import type { RatingsService } from '../ratings/ratings.service.js';
import { EssayPresenter } from './essay.presenter.js';
import type { UsersService } from '../users/users.service.js';

const AT = new Date('2026-11-23T09:00:00.000Z');
const S = 1000;
const plus = (ms: number) => new Date(AT.getTime() + ms).toISOString();

function essay(values: Partial<EssayRow>): EssayRow {
  return {
    id: 'e1', studentId: 's1', tutorId: 't1', title: 'Macbeth', subject: 'History', academicLevel: 'A-Level', requestType: 'feedback-only', expedited: false,
    notes: null, preview: null, status: 'accepted', originalWordCount: 1500, wordCount: 1500, pricePence: 1850, modelAnswerSurchargePence: 0, expeditedSurchargePence: 0,
    fileKey: 'k', fileName: 'f.pdf', fileMime: 'application/pdf', markingSchemeKey: null, markingSchemeName: null, modelFileKey: null, score: null, feedback: null,
    studentAccept: false, tutorPaid: false, rated: false, confirmedAt: AT, acceptedAt: AT, paidTime: null, completedAt: null, overdueAt: null, cancelledAt: null, createdAt: AT, updatedAt: AT,
    tutorConfirmedAt: null, revisionRequestedAt: null, payoutNotifiedAt: null, revisionWindowClosedAt: null, wordCountToBeAgreed: false, wordCountEstimated: false, priceConfirmationRequired: false, studentConfirmedPricePence: null,
    ...values,
  };
}

/** A presenter whose windows are odd, short numbers: every instant must come from them, none from a default. */
function presenter(windows: Partial<AppConfig['windows']> = {}): EssayPresenter {
  const storage = { presignedDownloadUrl: (key: string) => Promise.resolve(`https://files.test/${key}`) } as unknown as StorageService;
  const users = { contacts: () => Promise.resolve([{ id: 's1', name: 'Sam', email: 's@x.test' }, { id: 't1', name: 'Tara', email: 't@x.test' }]) } as unknown as UsersService;
  const ratings = { forItems: () => Promise.resolve([]) } as unknown as RatingsService;
  const config = {
    windows: { wordCountWindowSeconds: 7, markingDeadlineSeconds: 11, payoutEligibilitySeconds: 13, revisionWindowSeconds: 17, sweeperIntervalSeconds: 300, ...windows },
    payments: { platformCommissionPercent: 15 },
  } as AppConfig;
  return new EssayPresenter(storage, ratings, users, config);
}

const instants = ({ discussionEndsAt, markingDueAt, payoutAvailableAt, refundableUntil, revisionAvailableUntil }: Awaited<ReturnType<EssayPresenter['present']>>) => ({
  discussionEndsAt,
  markingDueAt,
  payoutAvailableAt,
  refundableUntil,
  revisionAvailableUntil,
});
const NONE = { discussionEndsAt: null, markingDueAt: null, payoutAvailableAt: null, refundableUntil: null, revisionAvailableUntil: null };

describe('EssayPresenter: the clocks as instants, from the configured windows', () => {
  it('accepted: the discussion ends WORDCOUNT_WINDOW_SECONDS after acceptance; nothing else runs', async () => {
    expect(instants(await presenter().present(essay({ status: 'accepted' })))).toEqual({ ...NONE, discussionEndsAt: plus(7 * S) });
  });

  it('paid: the marking is due (half when expedited) and the refund is open for 24 h after paying', async () => {
    const paid = essay({ status: 'paid', paidTime: AT });
    expect(instants(await presenter().present(paid))).toEqual({ ...NONE, markingDueAt: plus(11 * S), refundableUntil: plus(24 * 3600 * S) });
    expect((await presenter().present({ ...paid, expedited: true })).markingDueAt).toBe(plus(5500));
  });

  it('completed: payable PAYOUT_ELIGIBILITY_SECONDS after completion, revisable for REVISION_WINDOW_SECONDS', async () => {
    const completed = essay({ status: 'completed', paidTime: AT, completedAt: AT });
    expect(instants(await presenter().present(completed))).toEqual({ ...NONE, payoutAvailableAt: plus(13 * S), revisionAvailableUntil: plus(17 * S) });
    // Accepted by the student: payable at once and no revision; paid out: neither.
    expect(instants(await presenter().present({ ...completed, studentAccept: true }))).toEqual(NONE);
    expect(instants(await presenter().present({ ...completed, tutorPaid: true }))).toEqual(NONE);
  });

  it('revision requested: only the marking is due, a marking deadline after the request', async () => {
    const revision = essay({ status: 'revision_requested', paidTime: AT, completedAt: AT, revisionRequestedAt: AT });
    expect(instants(await presenter().present(revision))).toEqual({ ...NONE, markingDueAt: plus(11 * S) });
  });

  it('no clock before acceptance or once cancelled', async () => {
    for (const status of ['awaiting_confirmation', 'open', 'cancelled'] as const) {
      expect(instants(await presenter().present(essay({ status, acceptedAt: null, tutorId: null, paidTime: status === 'cancelled' ? AT : null })))).toEqual(NONE);
    }
  });

  it('the tutor view carries what the tutor earns after the configured commission; the student view does not', async () => {
    const row = essay({ pricePence: 1990 });
    expect(await presenter().present(row, { earnings: true })).toMatchObject({ tutorEarningsPence: 1691, tutorEarnings: 16.91 });
    expect(await presenter().present(row)).not.toHaveProperty('tutorEarningsPence');
  });

  it('follows the configuration, not the defaults', async () => {
    const shorter = presenter({ wordCountWindowSeconds: 2, payoutEligibilitySeconds: 3 });
    expect((await shorter.present(essay({ status: 'accepted' }))).discussionEndsAt).toBe(plus(2 * S));
    expect((await shorter.present(essay({ status: 'completed', completedAt: AT }))).payoutAvailableAt).toBe(plus(3 * S));
  });
});
