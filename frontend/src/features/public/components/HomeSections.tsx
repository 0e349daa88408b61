import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useIsland } from '../../../lib/useIsland';
import { BRAND } from '../brand';
import { HeroSlideshow } from './HeroSlideshow';
import { FiEdit3, FiMessageCircle, FiUsers, type IconComponent } from './icons';
import { Reveal } from './Reveal';
import { StatCounter } from './StatCounter';
import { FEATURES, STATS } from '../content/home';
import { SLIDE_INTERVAL_MS, SLIDES } from '../content/slides';
import { SAMPLE_TESTIMONIALS, SAMPLE_TESTIMONIALS_NOTE } from '../content/testimonials';
import { mountReveal } from '../islands/reveal';

// The home page's sections, in page order.

const FEATURE_ICONS: Record<(typeof FEATURES)[number]['id'], IconComponent> = {
  essays: FiEdit3,
  tutoring: FiUsers,
  feedback: FiMessageCircle,
};

const primaryButton = {
  bg: BRAND.primaryStrong,
  color: 'white',
  _hover: { bg: BRAND.primaryHover },
} as const;

export function Hero() {
  return (
    <HeroSlideshow slides={SLIDES} intervalMs={SLIDE_INTERVAL_MS} label="Redpen highlights">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '16', md: '24' }} pb="24">
        <Stack className="rp-hero-content" gap="6" maxW="xl">
          <Heading as="h1" fontSize={{ base: '4xl', md: '5xl', lg: '6xl' }} lineHeight="1.1" letterSpacing="tight">
            Better essays and confident interviews, with{' '}
            <Box as="span" color={BRAND.primaryStrong}>
              vetted UK tutors
            </Box>
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.800">
            Get personalised feedback on your academic essays within 48–72 hours, and book one-to-one tutoring and mock
            interviews for your university application.
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild size="lg" {...primaryButton}>
              <RouterLink to="/register" search={{ role: 'student' }}>Get Started</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" bg="white">
              <RouterLink to="/pricing">See pricing</RouterLink>
            </Button>
          </Flex>
        </Stack>
      </Container>
    </HeroSlideshow>
  );
}

export function Stats() {
  return (
    <Box as="section" aria-labelledby="stats-title" bg="white" py={{ base: '10', md: '14' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="stats-title" srOnly>
          Redpen in numbers
        </Heading>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '8', md: '6' }}>
          {STATS.map((stat) => (
            <StatCounter key={stat.label} value={stat.value} label={stat.label} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function Features() {
  // The cards rise in, one after another, once the grid is 70 % up the screen (islands/reveal.ts).
  const ref = useIsland(mountReveal, undefined);
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: '14', md: '20' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="features-title" textAlign="center" size={{ base: '2xl', md: '3xl' }} mb="3">
          How Redpen helps
        </Heading>
        <Text textAlign="center" color="gray.700" mb={{ base: '8', md: '12' }} maxW="2xl" mx="auto">
          Everything you need to improve your writing and prepare for interviews, from tutors who have been where you are.
        </Text>
        <SimpleGrid ref={ref} columns={{ base: 1, md: 3 }} gap="6" data-island="reveal" data-reveal-at={0.7}>
          {FEATURES.map((feature, i) => {
            const Icon = FEATURE_ICONS[feature.id];
            return (
              <Stack
                key={feature.id}
                className="rp-reveal rp-reveal--rise"
                data-state="hidden"
                style={{ transitionDelay: `${i * 200}ms` }}
                gap="3"
                bg="white"
                rounded="xl"
                p="6"
                borderWidth="1px"
                borderColor="gray.200"
                shadow="sm"
              >
                <Flex w="12" h="12" rounded="lg" bg={BRAND.accent} color="gray.900" align="center" justify="center" fontSize="xl">
                  <Icon aria-hidden />
                </Flex>
                <Heading as="h3" size="lg">
                  {feature.title}
                </Heading>
                <Text color="gray.700">{feature.text}</Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function Testimonials() {
  return (
    <Box as="section" aria-labelledby="testimonials-title" bg="white" py={{ base: '14', md: '20' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id="testimonials-title" textAlign="center" size={{ base: '2xl', md: '3xl' }} mb="3">
          What students say
        </Heading>
        <Text textAlign="center" color="gray.600" fontSize="sm" mb={{ base: '8', md: '12' }}>
          {SAMPLE_TESTIMONIALS_NOTE}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {SAMPLE_TESTIMONIALS.map((t) => (
            <Box as="figure" key={t.name} bg={BRAND.background} rounded="xl" p="6" borderTopWidth="4px" borderColor={BRAND.primary}>
              <Text as="blockquote" color="gray.800" fontSize="md">
                “{t.quote}”
              </Text>
              <Box as="figcaption" mt="4">
                <Text fontWeight="semibold">{t.name}</Text>
                <Text fontSize="sm" color="gray.700">
                  {t.course}, {t.university}
                </Text>
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function ClosingCta() {
  return (
    <Box as="section" aria-labelledby="cta-title" py={{ base: '14', md: '20' }}>
      <Container maxW="4xl" px={{ base: '4', md: '6' }}>
        <Reveal variant="scale" viewportFraction={0.8}>
          <Stack
            gap="5"
            align="center"
            textAlign="center"
            bg="gray.900"
            color="white"
            rounded="2xl"
            px={{ base: '6', md: '12' }}
            py={{ base: '10', md: '14' }}
          >
            <Heading as="h2" id="cta-title" size={{ base: '2xl', md: '3xl' }}>
              Ready to get started?
            </Heading>
            <Text color="gray.200" maxW="xl">
              Create a free account, upload your first essay and see the price before you pay anything.
            </Text>
            <Flex gap="3" wrap="wrap" justify="center">
              <Button asChild size="lg" {...primaryButton}>
                <RouterLink to="/register" search={{ role: 'student' }}>Get Started</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to="/contact">Talk to us</RouterLink>
              </Button>
            </Flex>
          </Stack>
        </Reveal>
      </Container>
    </Box>
  );
}

