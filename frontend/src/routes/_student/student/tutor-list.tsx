import { createFileRoute } from '@tanstack/react-router';
import { TutorListPage } from '../../../features/tutoring/pages/TutorListPage';

// /student/tutor-list and /student/tutors (the failed-payment retry target) show the same page.
export const Route = createFileRoute('/_student/student/tutor-list')({
  component: TutorListPage,
});
