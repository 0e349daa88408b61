import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRef, useState } from 'react';
import { FormField } from './FormField';
import { FILE_ACCEPT, validateFile } from '../../lib/files';
import { formatBytes } from '../../lib/format';

export interface FileFieldProps {
  id: string;
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
  required?: boolean;
  multiple?: boolean;
  accept?: string;
  imagesOnly?: boolean;
  helper?: string;
}

/** A labelled file input that checks type and size on selection (PDF, JPEG, PNG, ≤ 5 MB). */
export function FileField({
  id,
  label,
  files,
  onChange,
  error,
  required,
  multiple = false,
  accept = FILE_ACCEPT,
  imagesOnly = false,
  helper = imagesOnly ? 'JPEG or PNG, up to 5 MB' : 'PDF, JPEG or PNG, up to 5 MB each',
}: FileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const choose = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const problem = picked.map((file) => validateFile(file, { imagesOnly })).find(Boolean) ?? null;
    setLocalError(problem);
    if (problem) {
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onChange(multiple ? [...files, ...picked] : picked.slice(0, 1));
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <FormField id={id} label={label} error={localError ?? error} helper={helper} required={required}>
      <Stack gap="2">
        <Input
          ref={inputRef}
          type="file"
          accept={accept}
          multiple={multiple}
          p="1.5"
          onChange={(event) => choose(event.target.files)}
        />
        {files.length > 0 && (
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={`${label}: selected files`}>
            {files.map((file, index) => (
              <HStack as="li" key={`${file.name}-${index}`} justify="space-between" fontSize="sm" bg="gray.50" px="3" py="1.5" rounded="md">
                <Text truncate>
                  {file.name} <Text as="span" color="fg.muted">({formatBytes(file.size)})</Text>
                </Text>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
    </FormField>
  );
}
