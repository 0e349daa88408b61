import { describe, expect, it } from '@jest/globals';
import type { TutorProfileRow } from './tutors.schema.js';
import type { UserRow } from '../users/users.service.js';
import { averageRating, displayStatus, noProfileYet } from './tutor-admin.presenter.js';
import { waitingOn } from './tutors.repository.js';

const user = (banned = false) => ({ id: 'u1', banned, createdAt: new Date(0), updatedAt: new Date(0) }) as UserRow;
const profile = (values: Partial<TutorProfileRow> = {}): TutorProfileRow => ({ ...noProfileYet(user()), ...values });
const CERTIFICATE = { fullName: 'T', certificateNumber: '1', certificateFileKey: 'k' };

describe('the admin view of a tutor', () => {
  it.each([
    ['nothing submitted', {}, []],
    ['an undecided application', { onboardingSubmittedAt: new Date() }, ['application']],
    ['a decided application', { onboardingSubmittedAt: new Date(), applicationReviewedAt: new Date() }, []],
    ['a certificate not verified', { dbsDetails: CERTIFICATE }, ['dbs']],
    ['a verified certificate', { dbsDetails: CERTIFICATE, hasDbs: true }, []],
    ['an application without a certificate file', { dbsDetails: { ...CERTIFICATE, certificateFileKey: '' } }, []],
    ['a pending picture and level', { pendingProfilePictureKey: 'p', pendingStudyLevel: 'PhD' }, ['profilePicture', 'studyLevel']],
  ] as const)('%s waits on %j', (_name, values, want) => {
    expect(waitingOn(profile(values as Partial<TutorProfileRow>))).toEqual(want);
  });

  it('shows Banned before Approved before Pending', () => {
    expect(displayStatus(profile({ approved: true }), user(true))).toBe('Banned');
    expect(displayStatus(profile({ approved: true }), user())).toBe('Approved');
    expect(displayStatus(profile(), user())).toBe('Pending');
  });

  it('rounds the mean rating to one decimal, 0 with none', () => {
    expect(averageRating({ sum: 14, count: 3 })).toBe(4.7);
    expect(averageRating({ sum: 9, count: 2 })).toBe(4.5);
    expect(averageRating({ sum: 0, count: 0 })).toBe(0);
  });
});
