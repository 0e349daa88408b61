import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRef, useState, type DragEvent } from 'react';
import { FiFile, FiUploadCloud } from 'react-icons/fi';
import { ProblemText } from '../../../components/form/FormField';
import { formatBytes } from '../../../lib/format';
import { ESSAY_ACCEPT, essayFileProblem } from '../upload';

export interface FileDropzoneProps {
  id: string;
  label: string;
  required?: boolean;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A problem from the form or the server; the dropzone's own type/size check shows first. */
  error?: string;
}

/**
 * Drag-and-drop or click to choose one file: shows its name and size with Remove file. The
 * "Choose file" button and the labelled input keep it usable without a mouse; a wrong type or size is refused on
 * the spot with the spec's message.
 */
export function FileDropzone({ id, label, required = false, hint, file, onChange, error }: FileDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const problem = localError ?? error;
  const errorId = `${id}-error`;

  const choose = (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    const refused = essayFileProblem(picked);
    setLocalError(refused);
    if (!refused) onChange(picked);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="2">
      <Text asChild fontWeight="medium" fontSize="sm">
        <label htmlFor={id}>
          {label}
          {required && (
            <Text as="span" color="fg.error" aria-hidden>
              {' '}
              *
            </Text>
          )}
        </label>
      </Text>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ESSAY_ACCEPT}
        required={required}
        // Reached by the "Choose file" button (a visible focus); the input itself stays out of the tab order.
        tabIndex={-1}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : `${id}-hint`}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {file ? (
        <HStack justify="space-between" bg="gray.50" rounded="lg" borderWidth="1px" borderColor="gray.200" px="4" py="3" gap="3">
          <HStack gap="3" minW="0">
            <FiFile aria-hidden />
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                {file.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatBytes(file.size)}
              </Text>
            </Stack>
          </HStack>
          <Button size="sm" variant="ghost" onClick={() => onChange(null)} aria-label={`Remove file ${file.name}`}>
            Remove file
          </Button>
        </HStack>
      ) : (
        <Box
          data-testid={`${id}-dropzone`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onClick={() => inputRef.current?.click()}
          cursor="pointer"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={problem ? 'red.500' : dragging ? 'brand.500' : 'gray.300'}
          bg={dragging ? 'red.50' : 'white'}
          rounded="lg"
          px="6"
          py="8"
          textAlign="center"
        >
          <Stack gap="2" align="center">
            <Box fontSize="3xl" color="gray.500">
              <FiUploadCloud aria-hidden />
            </Box>
            <Text>Drag and drop your file here, or</Text>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Choose file: ${label}`}
              onClick={(event) => {
                event.stopPropagation();
                inputRef.current?.click();
              }}
            >
              Choose file
            </Button>
            <Text id={`${id}-hint`} fontSize="sm" color="fg.muted">
              {hint}
            </Text>
          </Stack>
        </Box>
      )}
      <ProblemText id={errorId}>{problem ?? undefined}</ProblemText>
    </Stack>
  );
}
