import { Alert, Anchor, Card, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { formatDateTime } from "../../../../domain/format";
import { notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useMyWaiver, useSignWaiver } from "../api";
import { SignWaiverForm } from "../components/sign-waiver-form";
import { waiversCopy as c } from "../copy";

/** /mystudio/carta-responsiva: read and sign the current version; download the signed copies. */
export function SignWaiverPage() {
  const { timezone } = useAppConfig();
  const mine = useMyWaiver();
  const sign = useSignWaiver();
  if (mine.isPending) return <Loader role="status" aria-label={c.title} />;
  if (mine.isError) {
    return (
      <Alert color="red" role="alert">
        {mine.error.message}
      </Alert>
    );
  }
  const { waiver, state, signatures } = mine.data;
  return (
    // The account screens' own frame (as Listas de espera): padding at 390 px, centred on desktop.
    <Container size="md" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack>
        <Title order={1}>{c.title}</Title>
        {state === "not_required" && !waiver ? <Text>{c.nothingToSign}</Text> : null}
        {state === "outdated" ? <Alert color="yellow">{c.outdated}</Alert> : null}
        {(state === "missing" || state === "outdated") && waiver ? (
          <Card withBorder padding="md">
            <Text mb="sm">{c.intro}</Text>
            <SignWaiverForm
              waiver={waiver}
              submitting={sign.isPending}
              onSign={async (body) => notifySuccess((await sign.mutateAsync(body)).message)}
            />
          </Card>
        ) : null}
        {signatures.length > 0 ? (
          <Stack gap="xs">
            {signatures.map((s) => (
              <Card key={s.waiver_signature_id} withBorder padding="sm" data-testid="my-signature">
                <Text>{c.signedOn(formatDateTime(s.signed_at, timezone), s.version)}</Text>
                <Anchor href={s.pdf_url} download>
                  {c.download}
                </Anchor>
              </Card>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
