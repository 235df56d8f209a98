import { Badge, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCheck, IconCopy, IconShare } from "@tabler/icons-react";
import { formatDate } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { MyReferrals } from "../api";
import { giftCardsCopy as c } from "../copy";

/** The customer's referral code and link (decision 0092), to copy or share, and whom they referred. */
export function ReferralCard({ data }: { data: MyReferrals }) {
  const { timezone } = useAppConfig();
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="referral-card">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {c.referralTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {c.referralIntro}
        </Text>
        {data.reward ? <Text fw={600}>{c.referralReward(data.reward)}</Text> : null}
        <Group gap="xs" align="center">
          <Text size="sm">{c.referralCode}:</Text>
          <Text ff="monospace" fw={700} fz="lg">
            {data.code}
          </Text>
        </Group>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={c.referralLink} value={data.link} readOnly style={{ flex: 1 }} />
          <CopyButton value={data.link}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
              >
                {copied ? c.copied : c.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
        {canShare ? (
          <Button
            variant="outline"
            leftSection={<IconShare size={16} aria-hidden="true" />}
            onClick={() => navigator.share({ text: c.shareText, url: data.link }).catch(() => undefined)}
            w="fit-content"
          >
            {c.share}
          </Button>
        ) : null}
        {data.referrals.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.referralsEmpty}
          </Text>
        ) : (
          <Stack gap={4}>
            {data.referrals.map((r) => (
              <Group key={`${r.name}-${String(r.createdAt)}`} justify="space-between" gap="xs">
                <Text size="sm">
                  {r.name} · {formatDate(r.createdAt, timezone)}
                </Text>
                <Badge color={r.status === "rewarded" ? "teal.9" : "gray.7"} autoContrast tt="none">
                  {c.referralStatus[r.status]}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
