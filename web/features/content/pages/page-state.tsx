import { Alert, Center, Container, Loader } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { contentCopy } from "../copy";

export function PageSpinner() {
  return (
    <Center py={96} role="status" aria-live="polite" style={{ flex: 1 }}>
      <Loader role="status" aria-label="Cargando…" />
    </Center>
  );
}

/** The load-failure message (docs/product-rules.md#notices). */
export function PageLoadError() {
  return (
    <Container size="sm" py="xl" w="100%">
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {contentCopy.loadError}
      </Alert>
    </Container>
  );
}
