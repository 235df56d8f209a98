import {
  Alert,
  Button,
  Container,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { PageHeading } from "../../../components/page-placeholder";
import { useAppConfig } from "../../../lib/app-config";
import { usePackages } from "../api";
import { packagesCopy } from "../copy";
import { PackageCard } from "./package-card";

/**
 * Packages list: an optional 'Clase de Prueba' section (trial packages), then the
 * rest under the configured title (class_packages_name). Used by the public and account pages.
 */
export function PackagesView({ inAccount = false }: { inAccount?: boolean }) {
  const config = useAppConfig();
  const { data, isPending, isError, refetch } = usePackages();
  const title = config.class_packages_name || "Paquetes";
  const trials = (data ?? []).filter((p) => p.is_trial);
  const others = (data ?? []).filter(
    (p) => !p.is_trial && p.class_package_id !== config.signup_fee_package_id,
  );
  return (
    // The account layout gives no side padding: the Container's own keeps the cards off the
    // screen's edges on a phone, as on the other account pages.
    <Container size="lg" py={inAccount ? { base: "md", sm: "xl" } : { base: "xl", sm: 48 }} w="100%">
      <Stack gap="xl">
        {isPending ? (
          <Loader role="status" aria-label="Cargando paquetes" mx="auto" />
        ) : isError ? (
          <Alert color="red" title={packagesCopy.loadError}>
            <Button variant="light" onClick={() => refetch()}>
              {packagesCopy.retry}
            </Button>
          </Alert>
        ) : (
          <>
            {trials.length > 0 ? (
              <Stack gap="md">
                {/* 'Clase de Prueba' comes first; the page's h1 still names the shop. */}
                <VisuallyHidden component="h1">{title}</VisuallyHidden>
                <Title order={2}>{packagesCopy.trialSection}</Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                  {trials.map((p) => (
                    <PackageCard key={p.class_package_id} pkg={p} />
                  ))}
                </SimpleGrid>
              </Stack>
            ) : null}
            <Stack gap="md">
              {trials.length > 0 ? <Title order={2}>{title}</Title> : <PageHeading title={title} />}
              {others.length === 0 ? (
                <Text c="dimmed">{packagesCopy.empty}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                  {others.map((p) => (
                    <PackageCard key={p.class_package_id} pkg={p} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}
