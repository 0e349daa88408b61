import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState, type ReactNode } from 'react';
import { FiEdit2 } from 'react-icons/fi';
import { FormAlert } from '../../auth/components/AuthCard';
import { errorMessage } from '../../../api/client';
import { authApi } from '../../auth/api';
import { useSession } from '../../auth/session';
import { toastError, toastSuccess } from '../../auth/toaster';

export const NOT_PROVIDED = 'Not provided';

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

/** A small coloured label (the theme ships no Badge recipe). */
export function Tag({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'green' | 'orange' | 'blue' }) {
  return (
    <Box as="span" display="inline-block" px="2" py="0.5" rounded="md" fontSize="xs" fontWeight="semibold" bg={`${tone}.100`} color={`${tone}.800`}>
      {children}
    </Box>
  );
}

function Bone(props: BoxProps) {
  return <Box bg="gray.200" rounded="md" animation="pulse 1.5s ease-in-out infinite" {...props} />;
}

export function Card({ children, as }: { children: ReactNode; as?: 'section' | 'div' }) {
  return (
    <Box as={as ?? 'section'} bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '5', md: '6' }}>
      {children}
    </Box>
  );
}

export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box bg="gray.50" rounded="lg" p="4" textAlign="center">
      <Text fontSize="2xl" fontWeight="bold">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export function InfoGrid({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="5">
      {items.map((item) => (
        <Box key={item.label}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {item.label}
          </Text>
          <Text as="dd" fontWeight="medium" whiteSpace="pre-wrap">
            {item.value === null || item.value === undefined || item.value === '' ? NOT_PROVIDED : item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function ProfileSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Loading profile">
      <HStack gap="4">
        <Bone boxSize="20" rounded="full" />
        <Stack flex="1">
          <Bone h="6" w="40%" />
          <Bone h="4" w="30%" />
        </Stack>
      </HStack>
      <Bone h="24" />
      <Bone h="40" />
    </Stack>
  );
}

export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Two-factor sign-in toggle (PUT /auth/two-factor), shown on both profile pages. */
export function TwoFactorToggle() {
  const { user, updateUser } = useSession();
  const enabled = user?.twoFactorEnabled === true;
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      const response = await authApi.setTwoFactor(next);
      updateUser({ twoFactorEnabled: response?.user?.twoFactorEnabled ?? next });
      toastSuccess(next ? 'Two-factor sign-in turned on' : 'Two-factor sign-in turned off');
    } catch (error) {
      toastError(errorMessage(error, 'Failed to update two-factor setting'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Checkbox.Root
      checked={enabled}
      disabled={busy}
      onCheckedChange={(details) => void change(details.checked === true)}
      colorPalette="brand"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>Two-factor sign-in (a code is emailed each time you log in)</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The "Security" card both profile pages show: the two-factor sign-in switch. */
export function SecurityCard() {
  return (
    <Card>
      <Stack gap="3">
        <Heading as="h2" size="lg">
          Security
        </Heading>
        <TwoFactorToggle />
      </Stack>
    </Card>
  );
}

/** A profile page: its heading, a skeleton while the profile loads, the error if it failed, else `children`. */
export function ProfilePageFrame({ status, errorTitle, children }: { status: 'pending' | 'error' | 'success'; errorTitle: string; children: ReactNode }) {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl" fontWeight="bold">
        My Profile
      </Heading>
      {status === 'pending' ? <ProfileSkeleton /> : status === 'error' ? <FormAlert title={errorTitle} /> : children}
    </Stack>
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
