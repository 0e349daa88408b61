/** Essays as the API sends them, for the essay pages' tests. */
import type { Essay } from './essay-rules';

const HOUR = 60 * 60 * 1000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

let next = 1;
/** A fresh essay id (the API's are UUIDs; the upload page's search param checks the shape). */
export const essayId = () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;

export function makeEssay(overrides: Partial<Essay> = {}): Essay {
  return {
    _id: essayId(),
    title: 'The Causes of the First World War',
    subject: 'History',
    academicLevel: 'A-Level',
    qualification: 'A-Level',
    wordCount: 1000,
    originalWordCount: 1000,
    minWordCount: 900,
    maxWordCount: 1100,
    price: 15, pricePence: 1500, wordCountToBeAgreed: false, wordCountEstimated: false, priceConfirmationNeeded: false,
    modelAnswerSurcharge: 0, modelAnswerSurchargePence: 0, expeditedSurcharge: 0, expeditedSurchargePence: 0, preview: null,
    studentRequest: 'Feedback Only',
    requestType: 'feedback-only',
    expedited: false,
    notes: null,
    comments: null,
    status: 'Pending',
    state: 'open',
    accepted: false,
    paymentStatus: 'Pending',
    paid_time: null,
    student_accept: false,
    tutor_paid: false,
    fileUrl: 'https://files.test/essay.pdf?sig=1',
    markingScheme: null,
    modelURL: null,
    score: null,
    feedback: null,
    acceptedAt: null,
    completedAt: null,
    overdue: false,
    createdAt: hoursAgo(48),
    updatedAt: hoursAgo(48),
    rated: false,
    studentRating: null,
    studentName: 'Sam Student',
    studentId: '00000000-0000-4000-8000-00000000057d',
    tutorName: null,
    tutorConfirmed: false,
    markingDueAt: null,
    revisionRequestedAt: null,
    revisionAvailableUntil: null,
    discussionEndsAt: null,
    payoutAvailableAt: null,
    refundableUntil: null,
    ...overrides,
  };
}

/** The essay in each state of its lifecycle, as the API labels it. */
export const essayIn = {
  awaitingConfirmation: (o: Partial<Essay> = {}) => makeEssay({ state: 'awaiting_confirmation', status: 'Pending', ...o }),
  open: (o: Partial<Essay> = {}) => makeEssay({ state: 'open', status: 'Pending', ...o }),
  accepted: (o: Partial<Essay> = {}) =>
    makeEssay({ state: 'accepted', status: 'In Progress', accepted: true, acceptedAt: hoursAgo(2), discussionEndsAt: hoursAgo(-22), tutorName: 'Tara Tutor', ...o }),
  paid: (o: Partial<Essay> = {}) =>
    makeEssay({
      state: 'paid',
      status: 'In Progress',
      accepted: true,
      acceptedAt: hoursAgo(5),
      tutorName: 'Tara Tutor',
      paymentStatus: 'Paid',
      paid_time: hoursAgo(3),
      markingDueAt: hoursAgo(-45),
      // The server's answer: 24 h after paying while not marked.
      refundableUntil: hoursAgo(-21),
      ...o,
    }),
  completed: (o: Partial<Essay> = {}) =>
    makeEssay({
      state: 'completed',
      status: 'Completed',
      accepted: true,
      acceptedAt: hoursAgo(60),
      paymentStatus: 'Paid',
      paid_time: hoursAgo(50),
      completedAt: hoursAgo(24),
      // The server's answer: 7 days after the review while not accepted (null once accepted or the tutor is paid).
      revisionAvailableUntil: o.student_accept || o.tutor_paid ? null : hoursAgo(-6 * 24),
      payoutAvailableAt: o.student_accept || o.tutor_paid ? null : hoursAgo(-24),
      tutorName: 'Tara Tutor',
      score: 8,
      feedback: 'A well-argued essay. '.repeat(15),
      ...o,
    }),
  cancelled: (o: Partial<Essay> = {}) => makeEssay({ state: 'cancelled', status: 'Cancelled', ...o }),
};

export function signInStudent(name = 'Sam Student') {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name, email: 'sam@example.com', onboardingCompleted: true }));
  localStorage.setItem('currentRole', 'student');
}
