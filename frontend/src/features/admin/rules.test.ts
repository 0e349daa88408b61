import { describe, expect, it } from 'vitest';
import { approvalRules, banConsequences, banFailure, banQuestion, lastChars, money, pagerText, starRating, tutorBadge, tutorDocuments } from './rules';
import { validatePaymentsSearch, validateTutorListSearch, paymentFiltersOf } from './search';
import type { AdminTutorDetail } from './queries';

describe('admin rules', () => {
  it.each([
    [4.4, 12, 4, '4.4 (12)'],
    [4.5, 3, 5, '4.5 (3)'],
    [0, 0, 0, '0.0 (0)'],
    [2.46, 7, 2, '2.5 (7)'],
  ])('rates %s from %s reviews as %s stars, "%s"', (average, count, filled, text) => {
    expect(starRating(average, count)).toEqual({ filled, text });
  });

  it('asks the ban question, and says what a ban does', () => {
    expect(banQuestion('Sam', true)).toEqual(['Are you sure you want to ban Sam?', 'This action will restrict their access to the platform.']);
    expect(banQuestion('Sam', false)).toEqual(['Are you sure you want to unban Sam?']);
    expect(banFailure('tutor', false)).toBe('Failed to unban tutor. Please try again.');
  });

  it('states what a ban ends in tutoring', () => {
    expect(banConsequences({ upcomingSessions: 2, unpaidHolds: 1 })).toBe('Their 2 upcoming sessions will be cancelled and refunded in full; 1 unpaid hold will end.');
    expect(banConsequences({ upcomingSessions: 1, unpaidHolds: 0 })).toBe('Their 1 upcoming session will be cancelled and refunded in full.');
    expect(banConsequences({ upcomingSessions: 0, unpaidHolds: 2 })).toBe('2 unpaid holds will end.');
    expect(banConsequences({ upcomingSessions: 0, unpaidHolds: 0 })).toBe('They have no upcoming tutoring sessions or unpaid bookings.');
  });

  it('writes the pager line, the short ids, money and the tutor badge', () => {
    expect(pagerText({ currentPage: 2, totalPages: 3, totalPayments: 45, hasPrev: true, hasNext: true })).toBe('page 2 of 3 (45 total payments)');
    expect(lastChars('cs_test_0123456789abcdef', 12)).toBe('456789abcdef');
    expect(lastChars(null, 12)).toBe('N/A');
    expect(money(-1452)).toBe('-£14.52');
    expect(money(120050)).toBe('£1,200.50');
    expect(tutorBadge('Banned')).toEqual({ label: 'Banned', tone: 'error' });
  });

  it('requires a study level to approve', () => {
    expect(approvalRules({ StudyLevel: '', approved_essay: true, approved_tutoring: false }, undefined).StudyLevel).toBe('Please select a study level');
    expect(approvalRules({ StudyLevel: 'PhD', approved_essay: true, approved_tutoring: false }, undefined).StudyLevel).toBeFalsy();
  });

  it('lists the documents that exist, in review order', () => {
    const tutor = {
      documents: { BritishIrish: null, EuEeaSwiss: null, NonEuEea: { biometricResidencePermitURL: 'brp', validVisaURL: null } },
      aLevelsCertificate: null,
      gcseDocuments: ['g1'],
      universityDocuments: [],
      dbsDetails: { certificateFileUrl: 'dbs', certificateNumber: '1', fullName: 'T' },
      pendingProfilePictureUrl: 'pic',
    } as unknown as AdminTutorDetail;
    expect(tutorDocuments(tutor).map((d) => d.label)).toEqual(['Biometric residence permit', 'GCSE document 1', 'DBS certificate', 'Pending profile picture']);
  });

  it('keeps only valid filters from the URL', () => {
    expect(validateTutorListSearch({ page: 2, search: '  ada ', approval: 'essay' })).toEqual({ page: 2, search: 'ada', approval: 'essay' });
    expect(validateTutorListSearch({ page: 0, approval: 'everyone' })).toEqual({ page: undefined, search: undefined, approval: undefined });
    const search = validatePaymentsSearch({ paymentStatus: 'refunded', dateFrom: '2026-01-01', dateTo: 'soon', type: 'tip' });
    expect(paymentFiltersOf(search)).toEqual({ page: 1, filters: { type: undefined, payerType: undefined, dateFrom: '2026-01-01', dateTo: undefined, status: 'refunded' } });
  });
});
