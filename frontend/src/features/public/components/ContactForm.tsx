import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useId, type ReactElement } from 'react';
import { useIsland } from '../../../lib/useIsland';
import { BRAND } from '../brand';
import type { ContactValues } from '../contact-rules';
import { CONTACT_FAILED, HONEYPOT_FIELD, mountContactForm } from '../islands/contact-form';
import { FiCheckCircle } from './contact-icons';

export { CONTACT_FAILED };

/** Where the form posts without JavaScript (form-encoded; the server answers with a redirect to /contact/sent). */
export const CONTACT_FORM_ACTION = '/api/contact/form';

/**
 * A labelled field and its message. The message element is always in the HTML (hidden while empty), so its style
 * is in the page's CSS and the island only fills it in and ties it to the control (aria-describedby).
 */
function ContactField({ id, name, label, children }: { id: string; name: keyof ContactValues; label: string; children: ReactElement }) {
  return (
    <Field.Root required ids={{ control: `${id}-control` }}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <Text id={`${id}-error`} data-error-for={name} hidden color="fg.error" fontSize="sm" fontWeight="medium" />
    </Field.Root>
  );
}

/**
 * The contact form. A plain HTML form first: without JavaScript the browser checks the required
 * fields and posts it, and the server answers with the result page. The island islands/contact-form.ts (run alone
 * on the static /contact page, mounted here inside the app) checks it with the spec's messages, sends it to
 * `POST /api/contact` and shows the success view in place.
 */
export function ContactForm() {
  const formId = useId();
  const rootRef = useIsland(mountContactForm, undefined);

  return (
    <Box ref={rootRef} data-island="contact-form">
      <form action={CONTACT_FORM_ACTION} method="post" aria-label="Contact form">
        <Stack gap="5">
          <Alert.Root status="error" role="alert" hidden data-contact-failure>
            <Alert.Indicator />
            <Alert.Title data-contact-failure-text />
          </Alert.Root>
          <ContactField id={`${formId}-name`} name="name" label="Name">
            <Input name="name" autoComplete="name" maxLength={100} />
          </ContactField>
          <ContactField id={`${formId}-email`} name="email" label="Email">
            <Input name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} />
          </ContactField>
          <ContactField id={`${formId}-subject`} name="subject" label="Subject">
            <Input name="subject" maxLength={200} />
          </ContactField>
          <ContactField id={`${formId}-message`} name="message" label="Message">
            <Textarea name="message" rows={6} maxLength={5000} />
          </ContactField>
          {/*
            The honeypot: off-screen, out of the tab order and hidden from assistive technology, so people leave it
            empty; robots that fill every field fill it too, and the server then sends nothing (while saying it did).
          */}
          <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" width="1px" height="1px" overflow="hidden">
            <label>
              Leave this field empty
              <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </Box>
          <Button type="submit" bg={BRAND.primaryStrong} color="white" _hover={{ bg: BRAND.primaryHover }} alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            Send message
          </Button>
        </Stack>
      </form>
      <Stack role="status" hidden data-contact-sent gap="4" align="center" textAlign="center" py="8">
        <ContactSentMessage />
        <Button data-contact-again variant="outline">
          Send another message
        </Button>
      </Stack>
    </Box>
  );
}

/** What the sender reads once the message has gone: here, and on the /contact/sent page (the form without JavaScript). */
export function ContactSentMessage({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  return (
    <>
      <Box color="green.600" fontSize="5xl">
        <FiCheckCircle aria-hidden />
      </Box>
      <Heading as={headingLevel} size={headingLevel === 'h1' ? '2xl' : 'lg'}>
        Message sent
      </Heading>
      <Text color="gray.700">Thank you for getting in touch. We will reply to the email address you gave us.</Text>
    </>
  );
}
