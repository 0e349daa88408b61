import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { AdminTutorDetail } from '../queries';
import { tutorDocuments, type TutorDocument } from '../rules';

const isImage = (document: TutorDocument) => /picture/i.test(document.label) || /\.(png|jpe?g|gif|webp)(\?|$)/i.test(document.url);

/** The tutor's files, opened one at a time inside the page through their short-lived signed links. */
export function TutorDocuments({ tutor }: { tutor: AdminTutorDetail }) {
  const documents = tutorDocuments(tutor);
  const [open, setOpen] = useState<TutorDocument | null>(null);
  if (documents.length === 0) return <Text color="fg.muted">No documents uploaded.</Text>;
  return (
    <Stack gap="3">
      <HStack as="ul" wrap="wrap" gap="2" listStyleType="none" aria-label="Documents">
        {documents.map((document) => (
          <li key={document.label}>
            <Button
              size="xs"
              variant={open?.label === document.label ? 'solid' : 'outline'}
              aria-pressed={open?.label === document.label}
              onClick={() => setOpen(open?.label === document.label ? null : document)}
            >
              {document.label}
            </Button>
          </li>
        ))}
      </HStack>
      {open && (
        <Box borderWidth="1px" rounded="md" overflow="hidden" bg="gray.50">
          {isImage(open) ? (
            <Image src={open.url} alt={open.label} maxH="lg" mx="auto" />
          ) : (
            <iframe src={open.url} title={open.label} style={{ width: '100%', height: '32rem', border: 0 }} />
          )}
        </Box>
      )}
    </Stack>
  );
}
