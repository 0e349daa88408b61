import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Fieldset } from '@chakra-ui/react/fieldset';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { apiUpload, errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField, ProblemText } from '../../../components/form/FormField';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../components/ui/toaster';
import {
  DOCUMENT_TYPES,
  EMPTY_FILES,
  EMPTY_VALUES,
  IMAGE_ACCEPT,
  MOTIVATION_MAX,
  NATIONALITY_OPTIONS,
  ONBOARDING_MESSAGES,
  errorsFromApi,
  withoutRowErrors,
  buildOnboardingFormData,
  validateBasicInfo,
  validateVerification,
  type OnboardingFiles,
  type OnboardingValues,
  type StepErrors,
} from '../schemas';
import { FileField } from '../../../components/form/FileField';
import { SubjectsEditor } from '../../../components/form/SubjectsEditor';
import { SubmitButton } from '../../../components/form/SubmitButton';

export const STEPS = ['Basic Info', 'Verification'] as const;

function Select({
  registration,
  placeholder,
  options,
}: {
  registration: UseFormRegisterReturn;
  placeholder: string;
  options: { value: string; label: string }[];
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...registration}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" mb="2">
        {title}
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="4">{children}</Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** Two-step tutor onboarding (part 1 §2, §4, §5): Basic Info, then Verification; posts /tutor/update-info. */
export function OnboardingForm() {
  const formId = useId();
  const navigate = useNavigate();
  const { signIn, updateUser, setCurrentRole } = useSession();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<StepErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [files, setFiles] = useState<OnboardingFiles>(EMPTY_FILES);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, control, getValues, watch, handleSubmit } = useForm<OnboardingValues>({ defaultValues: EMPTY_VALUES });
  const aLevels = useFieldArray({ control, name: 'aLevels' });
  const id = (name: string) => `${formId}-${name}`;
  const err = (name: string) => errors[name];
  const setFile = (name: keyof OnboardingFiles) => (list: File[]) =>
    setFiles((current) => ({
      ...current,
      [name]: name === 'universityDocuments' || name === 'gcseDocuments' ? list : (list[0] ?? null),
    }));
  const asList = (file: File | null) => (file ? [file] : []);

  const motivation = watch('motivation');
  const hasRight = watch('hasRight');
  const nationality = watch('nationality');
  const documentType = watch('documentType');
  const hasDBS = watch('hasDBS');
  const appliedForDBS = watch('appliedForDBS');

  const showBanner = (message: string) => {
    setBanner(message);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const next = () => {
    const found = validateBasicInfo(getValues(), files);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showBanner(ONBOARDING_MESSAGES.banner);
      return;
    }
    setBanner(null);
    setStep(1);
    window.scrollTo({ top: 0 });
  };

  const submit = handleSubmit(async (values) => {
    const found = validateVerification(values, files);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showBanner(found.hasRight === ONBOARDING_MESSAGES.noRight ? ONBOARDING_MESSAGES.noRight : ONBOARDING_MESSAGES.banner);
      return;
    }
    setBanner(null);
    setProgress(0);
    try {
      const response = await apiUpload(
        '/api/tutor/update-info',
        buildOnboardingFormData(values, files),
        { onProgress: setProgress },
      );
      if (response?.token && response.user) signIn({ token: response.token, user: response.user, currentRole: 'tutor' });
      updateUser({ onboardingCompleted: true, profiles: { tutor: true } });
      setCurrentRole('tutor');
      toastSuccess(response?.message || 'Your profile has been submitted for review.');
      await navigate({ to: '/tutor/dashboard', replace: true });
    } catch (error) {
      setProgress(null);
      if (isApiError(error) && error.errors.length) {
        const refused = errorsFromApi(error.errors);
        setErrors(refused.errors);
        setStep(refused.step);
      }
      showBanner(errorMessage(error, ONBOARDING_MESSAGES.submissionFailed));
    }
  });

  const uploading = progress !== null;

  return (
    <Stack gap="6">
      <Box as="ol" display="flex" gap="3" listStyleType="none" m="0" p="0" aria-label="Onboarding steps">
        {STEPS.map((label, index) => (
          <Box
            as="li"
            key={label}
            flex="1"
            aria-current={index === step ? 'step' : undefined}
            borderTopWidth="4px"
            borderColor={index <= step ? 'brand.500' : 'gray.200'}
            pt="2"
          >
            <Text fontSize="sm" color="fg.muted">
              Step {index + 1} of {STEPS.length}
            </Text>
            <Text fontWeight="semibold">{label}</Text>
          </Box>
        ))}
      </Box>

      {banner && (
        <Box ref={bannerRef} tabIndex={-1} outline="none">
          <FormAlert title={banner} />
        </Box>
      )}

      <form onSubmit={submit} noValidate aria-label={`Tutor onboarding: ${STEPS[step]}`}>
        {step === 0 ? (
          <Stack gap="8">
            <Heading as="h2" size="lg">
              Basic Info
            </Heading>
            <Section title="Profile">
              <FileField
                id={id('profilePicture')}
                label="Profile Picture"
                required
                accept={IMAGE_ACCEPT}
                imagesOnly
                files={asList(files.profilePicture)}
                onChange={setFile('profilePicture')}
                error={err('profilePicture')}
              />
              <FormField id={id('dateOfBirth')} label="Date of Birth" required error={err('dateOfBirth')}>
                <Input type="date" {...register('dateOfBirth')} />
              </FormField>
              <FormField
                id={id('motivation')}
                label="Motivation"
                required
                error={err('motivation')}
                helper={`${motivation.length}/${MOTIVATION_MAX} characters`}
              >
                <Textarea rows={4} maxLength={MOTIVATION_MAX} {...register('motivation')} />
              </FormField>
            </Section>

            <Section title="Education">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField id={id('university')} label="University" required error={err('university')}>
                  <Input {...register('university')} />
                </FormField>
                <FormField id={id('course')} label="Course" required error={err('course')}>
                  <Input {...register('course')} />
                </FormField>
                <FormField id={id('universityStartDate')} label="University Start Date" required error={err('universityStartDate')}>
                  <Input type="date" {...register('universityStartDate')} />
                </FormField>
                <FormField
                  id={id('expectedGraduationDate')}
                  label="Expected Graduation Date"
                  required
                  error={err('expectedGraduationDate')}
                >
                  <Input type="date" {...register('expectedGraduationDate')} />
                </FormField>
                <FormField
                  id={id('aLevelsCompletionDate')}
                  label="A-Level Completion Date"
                  required
                  error={err('aLevelsCompletionDate')}
                >
                  <Input type="date" {...register('aLevelsCompletionDate')} />
                </FormField>
              </SimpleGrid>
              <FileField
                id={id('universityDocuments')}
                label="University Documents"
                multiple
                files={files.universityDocuments}
                onChange={setFile('universityDocuments')}
                error={err('universityDocuments')}
              />
              <FileField
                id={id('aLevelsCertificate')}
                label="A-Level Certificate"
                files={asList(files.aLevelsCertificate)}
                onChange={setFile('aLevelsCertificate')}
                error={err('aLevelsCertificate')}
              />
              <FileField
                id={id('gcseDocuments')}
                label="GCSE Documents"
                multiple
                files={files.gcseDocuments}
                onChange={setFile('gcseDocuments')}
                error={err('gcseDocuments')}
              />
            </Section>

            <Section title="A-Levels">
              <ProblemText>{err('aLevels')}</ProblemText>
              {aLevels.fields.map((field, index) => {
                const rowError = err(`aLevels.${index}`);
                const rowErrorId = id(`aLevel-${index}-error`);
                return (
                  <Stack key={field.id} gap="1">
                    <HStack align="flex-end" gap="3">
                      <Box flex="2">
                        <FormField id={id(`aLevel-${index}-subject`)} label={`A-Level ${index + 1} Subject`} invalid={!!rowError}>
                          <Input {...register(`aLevels.${index}.subject`)} aria-describedby={rowError ? rowErrorId : undefined} />
                        </FormField>
                      </Box>
                      <Box flex="1">
                        <FormField id={id(`aLevel-${index}-grade`)} label={`A-Level ${index + 1} Grade`} invalid={!!rowError}>
                          <Input {...register(`aLevels.${index}.grade`)} aria-describedby={rowError ? rowErrorId : undefined} />
                        </FormField>
                      </Box>
                      {aLevels.fields.length > 1 && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => {
                            aLevels.remove(index);
                            setErrors((current) => withoutRowErrors(current, 'aLevels'));
                          }}
                          aria-label={`Remove A-Level ${index + 1}`}
                        >
                          Remove
                        </Button>
                      )}
                    </HStack>
                    <ProblemText id={rowErrorId}>{rowError}</ProblemText>
                  </Stack>
                );
              })}
              <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => aLevels.append({ subject: '', grade: '' })}>
                Add A-Level
              </Button>
            </Section>

            <Section title="Subjects you can teach">
              <SubjectsEditor
                control={control}
                register={register}
                errors={errors}
                idPrefix={formId}
                onRowRemoved={() => setErrors((current) => withoutRowErrors(current, 'subjects'))}
              />
            </Section>

            <HStack justify="flex-end">
              <Button colorPalette="brand" onClick={next}>
                Next
              </Button>
            </HStack>
          </Stack>
        ) : (
          <Stack gap="8">
            <Heading as="h2" size="lg">
              Verification
            </Heading>
            <Section title="Right to work in the UK">
              <FormField id={id('hasRight')} label="Do you have the right to work in the UK?" required error={err('hasRight')}>
                <Select
                  registration={register('hasRight')}
                  placeholder="Select an answer"
                  options={[
                    { value: 'yes', label: 'Yes' },
                    { value: 'no', label: 'No' },
                  ]}
                />
              </FormField>
              {hasRight === 'no' && (
                <FormAlert status="warning" title={ONBOARDING_MESSAGES.noRight} />
              )}
              {hasRight === 'yes' && (
                <>
                  <FormField id={id('nationality')} label="Nationality" required error={err('nationality')}>
                    <Select registration={register('nationality')} placeholder="Select your nationality" options={NATIONALITY_OPTIONS} />
                  </FormField>
                  {nationality && (
                    <>
                      <FormField id={id('documentType')} label="Document Type" required error={err('documentType')}>
                        <Select
                          registration={register('documentType')}
                          placeholder="Select a document"
                          options={DOCUMENT_TYPES[nationality]}
                        />
                      </FormField>
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
              <FormField id={id('hasDBS')} label="Do you have an enhanced DBS certificate?" required error={err('hasDBS')}>
                <Select
                  registration={register('hasDBS')}
                  placeholder="Select an answer"
                  options={[
                    { value: 'true', label: 'Yes, I have a DBS certificate' },
                    { value: 'false', label: 'No, I do not have one' },
                  ]}
                />
              </FormField>
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
                  <FormField id={id('appliedForDBS')} label="Would you like to start a DBS application?" required error={err('appliedForDBS')}>
                    <Select
                      registration={register('appliedForDBS')}
                      placeholder="Select an option"
                      options={[
                        { value: 'true', label: 'Start a DBS application' },
                        { value: 'false', label: 'Continue without a DBS check' },
                      ]}
                    />
                  </FormField>
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

            {uploading && (
              <Progress.Root value={progress} colorPalette="brand" aria-label="Upload progress">
                <HStack justify="space-between">
                  <Progress.Label>Uploading your documents...</Progress.Label>
                  <Progress.ValueText>{progress}%</Progress.ValueText>
                </HStack>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}

            <HStack justify="space-between">
              <Button variant="outline" onClick={() => setStep(0)} disabled={uploading}>
                Back
              </Button>
              <SubmitButton loading={uploading} loadingText="Submitting...">
                Submit
              </SubmitButton>
            </HStack>
          </Stack>
        )}
      </form>
    </Stack>
  );
}
