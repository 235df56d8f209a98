import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconBrandWhatsapp, IconClock, IconMail, IconMapPin } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useAppConfig } from "../../../lib/app-config";
import { whatsappUrl } from "../../../lib/contact";
import { useSeo } from "../../../lib/use-seo";
import { SectionHeader } from "../components/section-header";
import { contentCopy } from "../copy";

/** Google Maps search for the address when the studio did not set its own map link. */
function mapLink(mapUrl: string, address: string): string {
  if (/^https:\/\//i.test(mapUrl)) return mapUrl;
  return address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : "";
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group gap="sm" mb="xs" wrap="nowrap">
        {icon}
        <Title order={2} fz="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

/** /ubicacion: address with a map link, opening hours and contact, all from the config. */
export function LocationPage() {
  const config = useAppConfig();
  const address = config.address || config.location;
  const map = mapLink(config.map_url, address);
  const whatsapp = whatsappUrl(config.whatsapp);
  useSeo({
    title: contentCopy.location,
    description: [address, config.opening_hours].filter(Boolean).join(" · "),
  });
  const hours = config.opening_hours.split(/\s*[·\n]\s*/).filter(Boolean);
  const icon = (node: ReactNode) => (
    <span style={{ color: "var(--mantine-primary-color-filled)", display: "flex" }}>{node}</span>
  );

  return (
    <Container size="lg" py={{ base: "xl", sm: 56 }} w="100%">
      <SectionHeader
        id="ubicacion-title"
        order={1}
        title={contentCopy.location}
        subtitle={config.location || undefined}
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {address ? (
          <InfoCard icon={icon(<IconMapPin aria-hidden="true" />)} title={contentCopy.address}>
            <Stack gap="md" align="flex-start">
              {address.split(/\s*·\s*/).map((line) => (
                <Text key={line}>{line}</Text>
              ))}
              {map ? (
                <Button
                  component="a"
                  href={map}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  radius="xl"
                >
                  {contentCopy.viewMap}
                  <VisuallyHidden> {contentCopy.opensInNewTab}</VisuallyHidden>
                </Button>
              ) : null}
            </Stack>
          </InfoCard>
        ) : null}
        {hours.length > 0 ? (
          <InfoCard icon={icon(<IconClock aria-hidden="true" />)} title={contentCopy.hours}>
            <Stack gap={4}>
              {hours.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </Stack>
          </InfoCard>
        ) : null}
        {whatsapp || config.email ? (
          <InfoCard icon={icon(<IconMail aria-hidden="true" />)} title={contentCopy.contact}>
            <Stack gap="xs" align="flex-start">
              {config.email ? <Anchor href={`mailto:${config.email}`}>{config.email}</Anchor> : null}
              {whatsapp ? (
                <Button
                  component="a"
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  radius="xl"
                  leftSection={<IconBrandWhatsapp size={18} aria-hidden="true" />}
                >
                  {contentCopy.writeUs}
                </Button>
              ) : null}
            </Stack>
          </InfoCard>
        ) : null}
      </SimpleGrid>
    </Container>
  );
}
