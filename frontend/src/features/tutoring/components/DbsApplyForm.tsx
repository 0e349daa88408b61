import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { FileField } from '../../../components/form/FileField';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { toastSuccess } from '../../../components/ui/toaster';
import { tutoringApi, tutoringKeys } from '../queries';
import { DBS_FILE_ACCEPT, dbsRules, type DbsValues } from '../rules';
import { UploadProgress } from '../../../components/form/UploadProgress';
import { loadErrorDetail } from '../../../components/ui/LoadError';

/**
 * The DBS application: full name, certificate number and the certificate, uploaded with its progress;
 * after success the page's data reloads (the server then answers the pending state). A 401 is the login screen.
 */
export function DbsApplyForm({ onUnauthenticated }: { onUnauthenticated: () => void }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const form = useForm<DbsValues>({
    defaultValues: {
      fullName: '',
      certificateNumber: '',
      certificateFile: null,
    },
    resolver: rulesResolver(dbsRules),
  });
  const { errors } = form.formState;
  const file = form.watch('certificateFile');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setProgress(0);
    const body = new FormData();
    body.set('fullName', values.fullName.trim());
    body.set('certificateNumber', values.certificateNumber.trim());
    body.set('certificateFile', values.certificateFile!);
    try {
      const answer = await tutoringApi.applyForDbs(body, setProgress);
      toastSuccess(answer.message || 'DBS application submitted successfully');
      await queryClient.invalidateQueries({ queryKey: tutoringKeys.profile() });
    } catch (error) {
      setProgress(null);
      if (isApiError(error) && error.status === 401) return onUnauthenticated();
      setFailure({ title: 'Failed to submit DBS application', detail: loadErrorDetail(error) });
    }
  });

  return (
    <Stack gap="4" asChild>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="DBS application">
        {errors.root?.message ? <FormAlert title={errors.root.message} /> : failure && <FormAlert title={failure.title}>{failure.detail}</FormAlert>}
        <FormField id="dbs-full-name" label="Full name (as on the certificate)" error={errors.fullName?.message} required>
          <Input {...form.register('fullName')} autoComplete="name" />
        </FormField>
        <FormField id="dbs-certificate-number" label="Certificate number" error={errors.certificateNumber?.message} required>
          <Input {...form.register('certificateNumber')} inputMode="numeric" />
        </FormField>
        <FileField
          id="dbs-certificate-file"
          label="DBS certificate"
          accept={DBS_FILE_ACCEPT}
          files={file ? [file] : []}
          onChange={(files) => {
            form.setValue('certificateFile', files[0] ?? null);
            form.clearErrors('certificateFile');
          }}
          error={errors.certificateFile?.message}
          required
        />
        {progress !== null && (
          <UploadProgress value={progress} label="Uploading your certificate..." />
        )}
        <SubmitButton loading={form.formState.isSubmitting} loadingText="Submitting...">
          Submit DBS Application
        </SubmitButton>
      </form>
    </Stack>
  );
}
