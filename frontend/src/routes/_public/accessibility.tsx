import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityPage } from '../../features/public/pages/AccessibilityPage';

export const Route = createFileRoute('/_public/accessibility')({
  component: AccessibilityPage,
});
