import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';
import { WORD_COUNT_ADJUST_PERCENT } from '../pricing';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function StudentGuidePage() {
  return (
    <ContentPage
      title="Student guide"
      description="How to use Redpen as a student: sign up, upload an essay, pay, read feedback and book tutoring sessions."
      lead="Everything you need to get feedback on an essay or book a session, step by step."
    >
      <Section title="1. Create your account" id="account">
        <Text>
          <AppLink to="/register" search={{ role: 'student' }} {...link}>Register</AppLink> as a student with your name, email, phone and a strong
          password, then enter the 6-character code we email you. You must be 16 or over.
        </Text>
      </Section>
      <Section title="2. Upload an essay" id="upload">
        <Bullets
          items={[
            'Choose Upload Essay from your dashboard.',
            'Add the essay file (PDF, DOC, DOCX, TXT or an image, up to 10 MB) and, if you have one, the mark scheme.',
            'Enter the title, subject and academic level, plus any notes for your tutor.',
            `Check the detected word count. You can adjust it by up to ${WORD_COUNT_ADJUST_PERCENT}% either way; the price updates as you go.`,
            'Only academic essays are accepted: no personal statements and no coursework.',
          ]}
        />
      </Section>
      <Section title="3. Tutor accepts, you pay" id="pay">
        <Text>
          A tutor accepts your essay and may discuss the word count with you in chat. Once it is accepted, a Make
          Payment button appears on the essay in My Essays. After payment your tutor has two days to complete the review.
        </Text>
      </Section>
      <Section title="4. Read your feedback" id="feedback">
        <Text>
          When the review is complete you will see a score out of 10, written feedback and any marked file. Accept the
          feedback when you are happy, then rate your tutor. You can ask for a revision within 7 days.
        </Text>
      </Section>
      <Section title="5. Book tutoring or a mock interview" id="sessions">
        <Text>
          Open Tutor List, pick a tutor, then choose a day, a time slot and the purpose of the session. Your sessions
          appear under Tutoring Sessions with a calendar; a Join Meeting button shows while the session is running. See{' '}
          <AppLink to="/services/interviews" {...link}>mock interviews and tutoring</AppLink>.
        </Text>
      </Section>
      <Section title="Need help?" id="help">
        <Text>
          Read the <AppLink to="/faq" {...link}>FAQ</AppLink> or <AppLink to="/contact" {...link}>contact us</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
