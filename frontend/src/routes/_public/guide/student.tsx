import { createFileRoute } from '@tanstack/react-router';
import { StudentGuidePage } from '../../../features/public/pages/StudentGuidePage';

export const Route = createFileRoute('/_public/guide/student')({
  component: StudentGuidePage,
});
