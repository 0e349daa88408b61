import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { NothingYetPage } from '../components/NothingYetPage';

export function CareersPage() {
  return (
    <NothingYetPage
      title="Careers"
      description="Working at Redpen: no open roles right now. Tutors can join through the tutor sign-up."
      lead="We have no open roles right now."
    >
      <Text>
        If you would like to hear when we hire, send us a short note through the contact form. If you want to tutor, you
        do not need a job opening: read the <AppLink to="/guide/tutor" color={BRAND.primaryStrong} textDecoration="underline">tutor guide</AppLink> and sign up.
      </Text>
    </NothingYetPage>
  );
}
