import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { BRAND } from '../brand';
import { AppLink } from './AppLink';
import { ContentPage, Section } from './ContentPage';

/** An honest page for a section that has no entries yet. */
export function NothingYetPage(props: { title: string; description: string; lead: string; children: ReactNode }) {
  return (
    <ContentPage title={props.title} description={props.description} lead={props.lead}>
      <Section title="In the meantime" id="meantime">
        {props.children}
        <Text>
          Questions or ideas? <AppLink to="/contact" color={BRAND.primaryStrong} textDecoration="underline">Write to us</AppLink>.
        </Text>
      </Section>
    </ContentPage>
  );
}
