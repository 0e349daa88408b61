import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SelectField } from '../../../components/form/SelectField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import type { AdminTutorDetail, ApproveTutorBody } from '../queries';
import { STUDY_LEVELS, approvalRules, type ApprovalForm as ApprovalValues } from '../rules';

const LEVEL_OPTIONS = STUDY_LEVELS.map((level) => ({
  value: level,
  label: level,
}));

/**
 * The spec's approval: a StudyLevel (required: the level the admin confirms), Approve for essays, Approve for
 * tutoring (verifies the DBS certificate, so it needs one on file), then a confirmation dialog.
 */
export function ApprovalForm({ tutor, pending, onApprove }: { tutor: AdminTutorDetail; pending: boolean; onApprove: (body: ApproveTutorBody) => void }) {
  const [confirming, setConfirming] = useState<ApproveTutorBody | null>(null);
  const form = useForm<ApprovalValues>({
    resolver: rulesResolver(approvalRules),
    defaultValues: {
      StudyLevel: '',
      approved_essay: tutor.approved_essay,
      approved_tutoring: tutor.approved_tutoring,
    },
  });
  // What the tutor asks for, as this page shows it: sent as expectedStudyLevel, so that a request changed since is refused.
  const requested = tutor.pendingStudyLevel ?? tutor.StudyLevel ?? null;
  const submit = form.handleSubmit((values) => {
    if (values.StudyLevel)
      setConfirming({
        tutorId: tutor._id,
        StudyLevel: values.StudyLevel,
        approved_essay: values.approved_essay,
        approved_tutoring: values.approved_tutoring,
        expectedStudyLevel: requested,
      });
  });
  const canTutor = tutor.dbsCertificateOnFile || tutor.approved_tutoring;

  return (
    <Stack asChild gap="3">
      <form onSubmit={submit} noValidate aria-label={`Approval for ${tutor.name}`}>
        <SelectField
          id={`study-level-${tutor._id}`}
          label="Study level"
          placeholder="Select study level"
          options={LEVEL_OPTIONS}
          required
          helper={requested ? `The tutor gave: ${requested}` : undefined}
          error={form.formState.errors.StudyLevel?.message}
          {...form.register('StudyLevel')}
        />
        <HStack gap="6" wrap="wrap">
          {(['approved_essay', 'approved_tutoring'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Checkbox.Root
                  checked={field.value}
                  onCheckedChange={(details) => field.onChange(details.checked === true)}
                  disabled={name === 'approved_tutoring' && !canTutor}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{name === 'approved_essay' ? 'Approve for essays' : 'Approve for tutoring'}</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
          ))}
        </HStack>
        {!canTutor && (
          <Text fontSize="sm" color="fg.muted">
            Tutoring needs a DBS certificate on file.
          </Text>
        )}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={pending}>
          Update approvals
        </Button>
        <ConfirmDialog
          open={confirming !== null}
          onClose={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) onApprove(confirming);
            setConfirming(null);
          }}
          title="Confirm approval"
        >
          {confirming
            ? `Set ${tutor.name} to ${confirming.StudyLevel}: essays ${confirming.approved_essay ? 'approved' : 'not approved'}, tutoring ${confirming.approved_tutoring ? 'approved (DBS verified)' : 'not approved'}?`
            : ''}
        </ConfirmDialog>
      </form>
    </Stack>
  );
}
