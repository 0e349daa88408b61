import { createFileRoute } from '@tanstack/react-router';
import { EssayUploadPage } from '../../../features/essays/pages/EssayUploadPage';
import { validateEssayUploadSearch } from '../../../features/essays/schemas';
import { FEEDBACK_COVERS } from '../../../features/essays/feedback-guidelines';
import { PROOFREADER_MAY_NOT } from '../../../features/public/content/proofreading';

// What the feedback covers, and the Terms' list of what a tutor will not do (one copy, the public site's).
const GUIDELINES = { may: FEEDBACK_COVERS, mayNot: PROOFREADER_MAY_NOT };

export const Route = createFileRoute('/_student/student/essay-upload')({
  validateSearch: validateEssayUploadSearch,
  component: function EssayUploadRoute() {
    return <EssayUploadPage search={Route.useSearch()} guidelines={GUIDELINES} />;
  },
});
