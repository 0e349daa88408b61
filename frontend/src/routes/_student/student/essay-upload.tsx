import { createFileRoute } from '@tanstack/react-router';
import { EssayUploadPage } from '../../../features/essays/pages/EssayUploadPage';
import { validateEssayUploadSearch } from '../../../features/essays/schemas';
import { PROOFREADER_MAY, PROOFREADER_MAY_NOT } from '../../../features/public/content/proofreading';

// The Terms' proof-reader lists (one copy, the public site's) shown again at the confirm step.
const GUIDELINES = { may: PROOFREADER_MAY, mayNot: PROOFREADER_MAY_NOT };

export const Route = createFileRoute('/_student/student/essay-upload')({
  validateSearch: validateEssayUploadSearch,
  component: function EssayUploadRoute() {
    return <EssayUploadPage search={Route.useSearch()} guidelines={GUIDELINES} />;
  },
});
