import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { FormAlert } from '../../../components/form/FormAlert';
import { STEPS, useOnboardingForm } from '../hooks/useOnboardingForm';
import { BasicInfoStep } from './BasicInfoStep';
import { VerificationStep } from './VerificationStep';

export { STEPS };

/** Two-step tutor onboarding: Basic Info, then Verification; posts /tutor/update-info. */
export function OnboardingForm() {
  const form = useOnboardingForm();
  const { step, banner, bannerRef, submit } = form;
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
        {step === 0 ? <BasicInfoStep form={form} /> : <VerificationStep form={form} />}
      </form>
    </Stack>
  );
}
