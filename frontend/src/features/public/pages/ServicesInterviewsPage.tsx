import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function ServicesInterviewsPage() {
  return (
    <ContentPage
      title="Mock interviews and tutoring"
      description="Book one-to-one online tutoring and mock interview sessions with DBS-checked UK tutors."
      lead="Practise for university interviews or get help with a subject in one-to-one online sessions with a DBS-checked tutor."
    >
      <Section title="How booking works" id="booking">
        <Bullets
          items={[
            'Filter tutors by study level, search by name or subject, sort by experience or hourly rate, and read their profiles.',
            'Pick a day the tutor is available, a time slot (shown in your local time with the GMT range) and the purpose of the session.',
            'After booking, you can chat with your tutor to prepare.',
            'When the session starts, a Join Meeting button appears on your session card.',
          ]}
        />
      </Section>
      <Section title="Sessions" id="sessions">
        <Text>
          Sessions last between 30 and 60 minutes and take place online. Each tutor sets their own hourly rate, shown on
          their profile before you book.
        </Text>
      </Section>
      <Section title="Safety" id="safety">
        <Text>
          Live sessions are run only by tutors who have the right to work in the UK and an enhanced DBS check, and who
          have been approved by our team. Redpen is for students aged 16 and over.
        </Text>
      </Section>
      <Section title="Get started" id="start">
        <Text>
          <AppLink to="/register" search={{ role: 'student' }} {...link}>Create an account</AppLink> to see tutors and their availability, or read the{' '}
          <AppLink to="/guide/student" {...link}>student guide</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
