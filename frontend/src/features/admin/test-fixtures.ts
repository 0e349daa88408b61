// Fixtures and sign-in shared by the admin screens' component tests.
export function signInAdmin() {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 'a1', role: 'admin', name: 'Ada Admin', email: 'ada@example.com' }));
}

export const pagination = (currentPage: number, totalPages: number, totalPayments: number) => ({
  currentPage,
  totalPages,
  totalPayments,
  hasPrev: currentPage > 1,
  hasNext: currentPage < totalPages,
});

export const student = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Student ${id}`,
  email: `${id}@example.com`,
  phone: null,
  dateOfBirth: null,
  profilePicture: null,
  emailVerified: true,
  onboardingCompleted: true,
  banned: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

export const tutor = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Tutor ${id}`,
  email: `${id}@example.com`,
  phone: null,
  dateOfBirth: null,
  profilePicture: null,
  university: 'UCL',
  course: 'History',
  StudyLevel: 'Masters' as const,
  universityStartDate: null,
  yearsOfExperience: 3,
  averageRating: 4.4,
  totalRatings: 12,
  approved: true,
  approved_essay: true,
  approved_tutoring: false,
  banned: false,
  status: 'Approved' as const,
  emailVerified: true,
  onboardingCompleted: true,
  hasDBS: false,
  subjects: [{ name: 'History', levels: ['GCSE' as const, 'A-Level' as const] }],
  motivation: null,
  waiting: [],
  createdAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

/** The URLs (with their query strings) a `stubApi` fetch mock was called with. */
export function requestedUrls(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
}
