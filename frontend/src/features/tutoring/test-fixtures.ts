import type { TutorCard, TutoringProfileEnvelope, TutoringSession } from './queries';

export function signInAs(role: 'student' | 'tutor') {
  localStorage.setItem('token', 't');
  localStorage.setItem(
    'user',
    JSON.stringify({
      _id: `${role}-1`,
      role,
      name: role === 'student' ? 'Sam Student' : 'Theo Tutor',
      email: `${role}@example.com`,
      onboardingCompleted: true,
    }),
  );
  localStorage.setItem('currentRole', role);
}

const MINUTE = 60_000;
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** A confirmed session starting `startsIn` minutes from now (negative: in the past), 60 minutes long. */
export function makeSession(over: Partial<TutoringSession> & { startsIn?: number } = {}): TutoringSession {
  const { startsIn = 3 * 24 * 60, ...rest } = over;
  return {
    _id: `session-${Math.random().toString(36).slice(2)}`,
    purpose: 'Mock interview practice',
    startTime: minutesFromNow(startsIn),
    endTime: minutesFromNow(startsIn + 60),
    durationMinutes: 60,
    status: 'confirmed',
    paymentStatus: 'Paid',
    meetingLink: 'https://meet.example/room-1',
    rated: false,
    tutor_paid: false,
    canCancel: startsIn > 24 * 60,
    cancellableUntil: null,
    cancelledBy: null,
    canGetPaid: false,
    canJoin: false,
    canRate: false,
    createdAt: minutesFromNow(-1000),
    holdExpiresAt: null,
    payoutAvailableAt: null,
    price: 35,
    pricePence: 3500,
    startsInMinutes: null,
    timing: 'upcoming',
    student: { _id: 'student-1', name: 'Sam Student' },
    tutor: { _id: 'tutor-1', name: 'Tara Tutor' },
    ...rest,
  };
}

export function makeTutor(over: Partial<TutorCard> = {}): TutorCard {
  return {
    _id: 'tutor-1',
    fullName: 'Tara Tutor',
    subject: 'Mathematics',
    university: 'University of Oxford',
    experience: 4,
    hourlyRate: 35,
    hourlyRatePence: 3500,
    studyLevel: 'Masters',
    description: 'Patient maths tutor.',
    profilePicture: null,
    availability: {},
    availabilityLocal: {},
    nextSlots: [],
    averageRating: 4.5,
    totalRatings: 2,
    timeZone: 'Europe/London',
    ...over,
  };
}

export function profileEnvelope(state: TutoringProfileEnvelope['state'], over: Partial<TutoringProfileEnvelope['profile']> = {}): TutoringProfileEnvelope {
  return {
    state,
    appliedForDBS: state !== 'apply',
    hasDBS: state === 'editable',
    approved: state === 'editable',
    approved_tutoring: state === 'editable',
    dbsApplication: null,
    profile: {
      subject: 'Mathematics',
      hourlyRate: 35,
      hourlyRatePence: 3500,
      description: 'Patient maths tutor.',
      status: 'Available',
      availability: { monday: ['09:00-10:00'] },
      availabilityLocal: { monday: ['09:00-10:00'] },
      timeZone: 'Europe/London',
      nextSlots: [],
      ...over,
    },
  };
}
