import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconBrandPaypal } from "@tabler/icons-react";
import { formatMoney } from "../../../../domain/format";
import { checkoutCopy } from "../copy";

/**
 * The sandbox wallet's approval step: it stands in for PayPal's popup in a studio without PayPal
 * keys (decision 0017). Approving here is what approving in PayPal's window would be; no money
 * moves, and the server still captures and grants exactly as with PayPal.
 */
export function SandboxWalletModal({
  opened,
  title,
  total,
  subscription,
  busy,
  onApprove,
  onCancel,
}: {
  opened: boolean;
  title: string;
  total: number;
  subscription: boolean;
  busy: boolean;
  onApprove: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={checkoutCopy.walletTitle} centered radius="lg">
      <Stack>
        <Group wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="blue" aria-hidden="true">
            <IconBrandPaypal />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600}>{title}</Text>
            <Text fz="lg" fw={800}>
              {subscription ? checkoutCopy.walletSubscription(formatMoney(total)) : formatMoney(total)}
            </Text>
          </Stack>
        </Group>
        <Text c="dimmed" fz="sm">
          {checkoutCopy.walletSandboxNote}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {checkoutCopy.walletCancel}
          </Button>
          <Button onClick={onApprove} loading={busy} data-testid="wallet-approve">
            {checkoutCopy.walletApprove}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
