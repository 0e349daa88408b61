import { Box } from '@chakra-ui/react/box';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { AppDialog } from '../../../components/ui/dialogs';

/** Types a browser shows in a frame; others (Word files) would only download. The stored key ends with the type. */
const SHOWN_INLINE = ['pdf', 'txt', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'];

export function showsInline(url: string): boolean {
  try {
    const ext = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
    return SHOWN_INLINE.includes(ext);
  } catch {
    return false;
  }
}

/**
 * The Essay PDF viewer: the file in an embedded frame, with a link to open it in a new tab for
 * browsers (or file types) that will not show it inline.
 */
export function PdfViewerDialog({ title, url, onClose }: { title: string; url: string | null; onClose: () => void }) {
  return (
    <AppDialog open={url !== null} onClose={onClose} title={title} size="xl">
      {url && (
        <Stack gap="3">
          {showsInline(url) ? (
            <>
              <Box asChild width="100%" height="70vh" borderWidth="1px" borderColor="gray.200" rounded="md">
                <iframe src={url} title={title} />
              </Box>
              <Text fontSize="sm" color="fg.muted">
                Not showing?{' '}
                <Link href={url} target="_blank" rel="noopener noreferrer" color="brand.600">
                  Open it in a new tab
                </Link>
              </Text>
            </>
          ) : (
            <Text>
              This file type cannot be shown here.{' '}
              <Link href={url} target="_blank" rel="noopener noreferrer" color="brand.600">
                Open it in a new tab
              </Link>{' '}
              to read or save it.
            </Text>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
