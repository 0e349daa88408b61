import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** Find Your Tutor (spec part 1 §2): served at /student/tutor-list and /student/tutors. */
export function TutorListPage() {
  return <PagePlaceholder title="Find Your Tutor" description="Browse vetted tutors and book a session." />;
}
