import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { Bullets, ContentPage, Section } from '../components/ContentPage';

const link = { color: BRAND.primaryStrong, textDecoration: 'underline' } as const;

export function AccessibilityPage() {
  return (
    <ContentPage
      title="Accessibility"
      description="Redpen aims to meet WCAG 2.2 level AA. What we do, known limitations and how to report a problem."
      lead="We want everyone to be able to use Redpen. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA."
    >
      <Section title="What we do" id="what">
        <Bullets
          items={[
            'Every page works with a keyboard, and focus is always visible.',
            'Form fields have labels, and error messages are linked to the field they describe.',
            'Text colours meet WCAG AA contrast against their backgrounds.',
            'Decorative motion, including the home page slideshow, stops when your device asks for reduced motion; the slideshow also has a pause button and pauses on hover and focus.',
            'Pages work at 375 px wide and when zoomed to 200%.',
          ]}
        />
      </Section>
      <Section title="Known limitations" id="limitations">
        <Text>
          Essays, mark schemes and marked files are uploaded by students and tutors, so we cannot guarantee that those
          documents are accessible. If you need a document in another format, ask your tutor in chat or contact us.
        </Text>
      </Section>
      <Section title="Report a problem" id="report">
        <Text>
          If something on Redpen is hard to use, please <AppLink to="/contact" {...link}>tell us</AppLink> what happened
          and which page you were on. We will reply and fix what we can.
        </Text>
      </Section>
    </ContentPage>
  );
}
