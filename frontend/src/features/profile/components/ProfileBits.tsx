import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { FiEdit2 } from 'react-icons/fi';
import { Card } from '../../../components/ui/Card';
import { useLogout } from '../../../lib/useLogout';
import { TwoFactorToggle } from './TwoFactorToggle';

export function initialsOf(name: string | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0]?.slice(0, 2) ?? '?')).toUpperCase();
}

/** The profile picture, or the name's initials in a circle. */
export function ProfileAvatar({ name, src }: { name?: string; src?: string | null }) {
  if (src) {
    return <Image src={src} alt={name ? `${name}'s profile picture` : 'Profile picture'} boxSize="20" rounded="full" objectFit="cover" />;
  }
  return (
    <Box
      boxSize="20"
      rounded="full"
      bg="brand.600"
      color="white"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="2xl"
      fontWeight="bold"
      aria-label={name ? `${name}'s initials` : 'Initials'}
      role="img"
    >
      {initialsOf(name)}
    </Box>
  );
}

/** The "Security" card both profile pages show: the two-factor sign-in switch, and sign out everywhere. */
export function SecurityCard() {
  const signOutEverywhere = useLogout({ everywhere: true });
  return (
    <Card>
      <Stack gap="3">
        <Heading as="h2" size="lg">
          Security
        </Heading>
        <TwoFactorToggle />
        <Stack gap="1" align="flex-start">
          <Button variant="outline" size="sm" onClick={() => void signOutEverywhere()}>
            Sign out everywhere
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Ends your sessions on every device, this one too. Use it if you signed in somewhere you no longer trust.
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}

/** Who the profile is: picture, name and email (and `children`, such as status tags), with Edit while not editing. */
export function ProfileHeader(props: {
  /** Possibly empty: the avatar then shows its generic picture, the heading `fallbackName`. */
  name: string;
  fallbackName: string;
  email?: string;
  picture?: string | null;
  editLabel: string;
  /** Null while the edit form is open. */
  onEdit: (() => void) | null;
  children?: ReactNode;
}) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'flex-start', sm: 'center' }}>
      <ProfileAvatar name={props.name} src={props.picture} />
      <Stack gap="1" flex="1">
        <Heading as="h2" size="xl">
          {props.name || props.fallbackName}
        </Heading>
        <Text color="fg.muted">{props.email}</Text>
        {props.children}
      </Stack>
      {props.onEdit && (
        <Button colorPalette="brand" variant="outline" onClick={props.onEdit}>
          <FiEdit2 aria-hidden /> {props.editLabel}
        </Button>
      )}
    </Stack>
  );
}
