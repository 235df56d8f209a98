import { Button, Modal, ScrollArea, Stack, Text, TypographyStylesProvider } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { messages } from "../../../../domain/messages";
import { acceptPage, type PendingPage } from "../api";
import { checkoutCopy } from "../copy";

/**
 * docs/product-rules.md#checkout: pay the inscription first (a link to its own checkout), for a
 * package whose first charge cannot carry it; the fee's checkout brings the customer back to
 * `returnTo`.
 */
export function SignupFeeModal({
  feePackageId,
  returnTo,
  opened,
  onClose,
}: {
  feePackageId: number;
  returnTo: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={checkoutCopy.signupFeeTitle} centered radius="lg">
      <Stack>
        <Text>{checkoutCopy.signupFeeText}</Text>
        <Text c="dimmed" fz="sm">
          {checkoutCopy.signupFeeComeBack}
        </Text>
        <Button component={Link} to={`/checkout/${feePackageId}?paquete=${returnTo}`} onClick={onClose}>
          {checkoutCopy.signupFeeButton}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * docs/product-rules.md#checkout: the first required legal page the customer has not accepted, in a
 * modal that cannot be closed until it is accepted. Content is sanitised by the server.
 */
export function RequiredPageModal({ page, onAccepted }: { page: PendingPage; onAccepted: () => void }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={page.title}
      centered
      radius="lg"
      size="lg"
    >
      <Stack>
        <ScrollArea.Autosize mah="50vh">
          <TypographyStylesProvider>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: page content is sanitised by the server */}
            <div dangerouslySetInnerHTML={{ __html: page.content ?? "" }} />
          </TypographyStylesProvider>
        </ScrollArea.Autosize>
        {error ? <Text c="red">{error}</Text> : null}
        <Button
          loading={saving}
          onClick={async () => {
            setSaving(true);
            try {
              await acceptPage(page.page_id);
              onAccepted();
            } catch {
              setError(messages.mustAcceptPage.replace("{page}", page.title));
            } finally {
              setSaving(false);
            }
          }}
        >
          {checkoutCopy.acceptPage}
        </Button>
      </Stack>
    </Modal>
  );
}
