import { createFileRoute } from '@tanstack/react-router';
import { CommunityPage } from '../../features/public/pages/CommunityPage';

export const Route = createFileRoute('/_public/community')({
  component: CommunityPage,
});
