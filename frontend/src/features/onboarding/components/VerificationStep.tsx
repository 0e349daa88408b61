import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Controller } from 'react-hook-form';
import { FileField } from '../../../components/form/FileField';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField, ProblemText } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import type { OnboardingFormState } from '../hooks/useOnboardingForm';
import { DOCUMENT_TYPES, NATIONALITY_OPTIONS, ONBOARDING_MESSAGES } from '../schemas';
import { Section } from './Section';
import { UploadProgress } from '../../../components/form/UploadProgress';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const HAS_DBS = [
  { value: 'true', label: 'Yes, I have a DBS certificate' },
  { value: 'false', label: 'No, I do not have one' },
];
const APPLY_FOR_DBS = [
  { value: 'true', label: 'Start a DBS application' },
  { value: 'false', label: 'Continue without a DBS check' },
];

/** Step 2: right to work, the DBS check, and the upload's progress. */
export function VerificationStep({ form }: { form: OnboardingFormState }) {
  const { id, err, register, control, files, setFile, asList, watched, progress, uploading, back } = form;
  const { hasRight, nationality, documentType, hasDBS, appliedForDBS } = watched;
  return (
      <Stack gap="8">
        <Heading as="h2" size="lg">
          Verification
        </Heading>
        <Section title="Right to work in the UK">
          <SelectField
            id={id('hasRight')}
            label="Do you have the right to work in the UK?"
            required
            error={err('hasRight')}
            placeholder="Select an answer"
            options={YES_NO}
            {...register('hasRight')}
          />
          {hasRight === 'no' && (
            <FormAlert status="warning" title={ONBOARDING_MESSAGES.noRight} />
          )}
          {hasRight === 'yes' && (
            <>
              <SelectField
                id={id('nationality')}
                label="Nationality"
                required
                error={err('nationality')}
                placeholder="Select your nationality"
                options={NATIONALITY_OPTIONS}
                {...register('nationality')}
              />
              {nationality && (
                <>
                  <SelectField
                    id={id('documentType')}
                    label="Document Type"
                    required
                    error={err('documentType')}
                    placeholder="Select a document"
                    options={DOCUMENT_TYPES[nationality]}
                    {...register('documentType')}
                  />
                  <FileField
                    id={id('documentFile')}
                    label="Right to Work Document"
                    required
                    files={asList(files.documentFile)}
                    onChange={setFile('documentFile')}
                    error={err('documentFile')}
                  />
                  {nationality === 'BritishIrish' &&
                    (documentType === 'ukBirthCertificate' || documentType === 'ukAdoptionCertificate') && (
                      <FormField id={id('niNumber')} label="National Insurance Number" required error={err('niNumber')}>
                        <Input {...register('niNumber')} />
                      </FormField>
                    )}
                  {nationality !== 'BritishIrish' && (
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <FormField id={id('shareCode')} label="Share Code" required={nationality === 'EuEeaSwiss'} error={err('shareCode')}>
                        <Input {...register('shareCode')} />
                      </FormField>
                      <FormField
                        id={id('rightToWorkDateOfBirth')}
                        label="Date of Birth (as on your document)"
                        required={nationality === 'EuEeaSwiss'}
                        error={err('rightToWorkDateOfBirth')}
                      >
                        <Input type="date" {...register('rightToWorkDateOfBirth')} />
                      </FormField>
                    </SimpleGrid>
                  )}
                </>
              )}
            </>
          )}
        </Section>

        <Section title="DBS check">
          <SelectField
            id={id('hasDBS')}
            label="Do you have an enhanced DBS certificate?"
            required
            error={err('hasDBS')}
            placeholder="Select an answer"
            options={HAS_DBS}
            {...register('hasDBS')}
          />
          {hasDBS === 'true' && (
            <>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField id={id('fullNameDBS')} label="Full Name (as on the certificate)" required error={err('fullNameDBS')}>
                  <Input {...register('fullNameDBS')} />
                </FormField>
                <FormField id={id('certificateNumber')} label="Certificate Number" required error={err('certificateNumber')}>
                  <Input {...register('certificateNumber')} />
                </FormField>
              </SimpleGrid>
              <FileField
                id={id('certificateFile')}
                label="DBS Certificate"
                required
                files={asList(files.certificateFile)}
                onChange={setFile('certificateFile')}
                error={err('certificateFile')}
              />
            </>
          )}
          {hasDBS === 'false' && (
            <>
              <Text color="fg.muted" fontSize="sm">
                Without a DBS check you can mark essays and give written feedback, but you cannot run live sessions or
                interact directly with students.
              </Text>
              <SelectField
                id={id('appliedForDBS')}
                label="Would you like to start a DBS application?"
                required
                error={err('appliedForDBS')}
                placeholder="Select an option"
                options={APPLY_FOR_DBS}
                {...register('appliedForDBS')}
              />
              {appliedForDBS === 'true' && (
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField id={id('dbsFullName')} label="Applicant Full Name" required error={err('dbsFullName')}>
                      <Input autoComplete="name" {...register('dbsFullName')} />
                    </FormField>
                    <FormField id={id('dbsPhone')} label="Applicant Phone" required error={err('dbsPhone')}>
                      <Input type="tel" autoComplete="tel" {...register('dbsPhone')} />
                    </FormField>
                  </SimpleGrid>
                  <FormField id={id('dbsEmail')} label="Applicant Email" required error={err('dbsEmail')}>
                    <Input type="email" autoComplete="email" {...register('dbsEmail')} />
                  </FormField>
                  <Controller
                    control={control}
                    name="dbsAgreementAccepted"
                    render={({ field }) => (
                      <Stack gap="1">
                        <Checkbox.Root
                          colorPalette="brand"
                          checked={field.value}
                          onCheckedChange={(details) => field.onChange(details.checked === true)}
                          invalid={!!err('dbsAgreementAccepted')}
                        >
                          <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                          <Checkbox.Control />
                          <Checkbox.Label>I agree to Redpen starting an enhanced DBS application on my behalf</Checkbox.Label>
                        </Checkbox.Root>
                        <ProblemText>{err('dbsAgreementAccepted')}</ProblemText>
                      </Stack>
                    )}
                  />
                </Stack>
              )}
            </>
          )}
        </Section>

        {progress !== null && (
          <UploadProgress value={progress} label="Uploading your documents..." />
        )}

        <HStack justify="space-between">
          <Button variant="outline" onClick={back} disabled={uploading}>
            Back
          </Button>
          <SubmitButton loading={uploading} loadingText="Submitting...">
            Submit
          </SubmitButton>
        </HStack>
      </Stack>
  );
}
