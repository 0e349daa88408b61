import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { ConfirmEssayDetails, type FeedbackGuidelines } from '../components/ConfirmEssayDetails';
import { UploadEssayForm } from '../components/UploadEssayForm';
import type { EssayUploadSearch } from '../schemas';

/**
 * Essay upload: step one sends the file and details; step two (Confirm Essay Details) is
 * `?essayId=…`, so it survives a reload and an unconfirmed essay's card can link back to it.
 */
export function EssayUploadPage({ search, guidelines }: { search: EssayUploadSearch; guidelines: FeedbackGuidelines }) {
  const navigate = useNavigate();
  const confirming = !!search.essayId;
  useDocumentTitle(confirming ? 'Confirm Essay Details' : 'Upload Essay');

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl" fontWeight="bold">
          {confirming ? 'Confirm Essay Details' : 'Upload Essay'}
        </Heading>
        <Text color="fg.muted">
          {confirming
            ? 'Check the details and the word count we found: the price follows from the count you confirm.'
            : 'Upload an academic essay for tutor feedback (personal statements and coursework are not accepted).'}
        </Text>
      </Stack>
      {search.essayId ? (
        <ConfirmEssayDetails essayId={search.essayId} guidelines={guidelines} />
      ) : (
        <UploadEssayForm
          // The step-one entry is replaced: going back must not offer to send the same essay twice.
          onUploaded={(essayId) => void navigate({ to: '/student/essay-upload', search: { essayId }, replace: true })}
        />
      )}
    </Stack>
  );
}
