import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';
import { SERVICE_LIMITS, SERVICE_PROMISES } from '../content/home';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function AboutPage() {
  return (
    <ContentPage
      title="About Redpen"
      description="Redpen is a London-based platform helping students through personalised essay reviews and expert interview preparation."
      lead="Redpen helps students through personalised essay reviews and expert interview preparation, with tutors who have recently been through the same steps."
    >
      <Section title="What we do" id="what">
        <Text>
          Students upload academic essays and get a score out of 10 and written feedback from a vetted tutor. They can
          also book one-to-one tutoring and mock interview sessions to prepare for university applications, and chat with
          their tutor along the way.
        </Text>
        <Bullets items={SERVICE_PROMISES} />
      </Section>

      <Section title="Our tutors" id="tutors">
        <Text>
          Every tutor gives identity, education and right-to-work details and is approved by our team before taking any
          work. Tutors who run live sessions also hold an enhanced DBS check. Students rate each review and session, and
          those ratings are shown on tutor profiles.
        </Text>
      </Section>

      <Section title="What we stand for" id="values">
        <Text>
          Feedback should help you write better, not write for you. Our tutors proof-read and comment; they do not add
          content or rewrite arguments. That is why:
        </Text>
        <Bullets items={SERVICE_LIMITS} />
      </Section>

      <Section title="Where we are" id="where">
        <Text>
          Redpen is based in London, United Kingdom, and works with students and tutors across the UK. Want to know
          more? Read the <AppLink to="/guide/student" {...link}>student guide</AppLink>, the{' '}
          <AppLink to="/guide/tutor" {...link}>tutor guide</AppLink>, or <AppLink to="/contact" {...link}>contact us</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
