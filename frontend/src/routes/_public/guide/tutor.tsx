import { createFileRoute } from '@tanstack/react-router';
import { TutorGuidePage } from '../../../features/public/pages/TutorGuidePage';

export const Route = createFileRoute('/_public/guide/tutor')({
  component: TutorGuidePage,
});
