import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { api, isApiError, unwrap } from '../../../api/client';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { BRAND } from '../brand';
import { contactRules, type ContactValues } from '../contact-rules';
import { FiCheckCircle } from './contact-icons';
import { SubmitButton } from '../../../components/form/SubmitButton';

export const CONTACT_FAILED = 'Failed to send message. Please try again.';

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };

/** Sends the message; resolves on 2xx, otherwise rejects with the text to show. */
async function sendContactMessage(values: ContactValues): Promise<void> {
  try {
    await unwrap(api.POST('/api/contact', { body: values }));
  } catch (error) {
    // Rate limited: the server says how long to wait. Anything else gets the spec's message.
    if (isApiError(error) && error.status === 429 && error.body.message) throw new Error(error.body.message, { cause: error });
    throw new Error(CONTACT_FAILED, { cause: error });
  }
}

const resolver = rulesResolver(contactRules);

/** A labelled field whose error text is tied to the control with aria-describedby. */
function ContactField(props: {
  id: string;
  label: string;
  error: string | undefined;
  children: (a11y: { 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <Field.Root invalid={!!props.error} required ids={{ control: `${props.id}-root`, errorText: errorId }} id={props.id}>
      <Field.Label>
        {props.label} <Field.RequiredIndicator />
      </Field.Label>
      {props.children({ 'aria-describedby': props.error ? errorId : undefined })}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

export function ContactForm() {
  const formId = useId();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ defaultValues: EMPTY, resolver, shouldFocusError: true });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      });
      setSent(true);
      reset(EMPTY);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : CONTACT_FAILED);
    }
  });

  if (sent) {
    return (
      <Stack role="status" gap="4" align="center" textAlign="center" py="8">
        <Box color="green.600" fontSize="5xl">
          <FiCheckCircle aria-hidden />
        </Box>
        <Heading as="h2" size="lg">
          Message sent
        </Heading>
        <Text color="gray.700">Thank you for getting in touch. We will reply to the email address you gave us.</Text>
        <Button variant="outline" onClick={() => setSent(false)}>
          Send another message
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form">
      <Stack gap="5">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <ContactField id={`${formId}-name`} label="Name" error={errors.name?.message}>
          {(a11y) => <Input autoComplete="name" {...a11y} {...register('name')} />}
        </ContactField>
        <ContactField id={`${formId}-email`} label="Email" error={errors.email?.message}>
          {(a11y) => <Input type="email" autoComplete="email" inputMode="email" {...a11y} {...register('email')} />}
        </ContactField>
        <ContactField id={`${formId}-subject`} label="Subject" error={errors.subject?.message}>
          {(a11y) => <Input {...a11y} {...register('subject')} />}
        </ContactField>
        <ContactField id={`${formId}-message`} label="Message" error={errors.message?.message}>
          {(a11y) => <Textarea rows={6} {...a11y} {...register('message')} />}
        </ContactField>
        <SubmitButton
          loading={isSubmitting}
          loadingText="Sending..."
          bg={BRAND.primaryStrong}
          color="white"
          _hover={{ bg: BRAND.primaryHover }}
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          Send message
        </SubmitButton>
      </Stack>
    </form>
  );
}
