import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../../domain/format";
import { isApiError } from "../../../lib/api-client";
import { useCheckBalance } from "../api";
import { giftCardsCopy as c } from "../copy";
import { StatusBadge } from "./status-badge";

/** Anyone with a code reads its balance and expiry (GET /api/gift-cards/balance). */
export function BalanceCheck() {
  const check = useCheckBalance();
  const [code, setCode] = useState("");
  const found = check.data;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) check.mutate(code.trim());
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {c.checkTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {c.checkIntro}
          </Text>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={c.code}
              placeholder="ABCD-EFGH-JKMN-PQRS"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={40}
              autoComplete="off"
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: "monospace", textTransform: "uppercase" } }}
            />
            <Button type="submit" variant="light" loading={check.isPending}>
              {c.check}
            </Button>
          </Group>
          {check.error ? (
            <Alert color="red" role="alert">
              {isApiError(check.error) ? check.error.message : String(check.error)}
            </Alert>
          ) : null}
          {found ? (
            <Stack gap={4} data-testid="gift-card-balance" aria-live="polite">
              <Group gap="xs">
                <Text fw={700} fz={24}>
                  {formatMoney(found.balance)}
                </Text>
                <Text c="dimmed">{c.of(found.amount)}</Text>
                <StatusBadge status={found.status} label={found.status_label} />
              </Group>
              <Text size="sm" c={found.status === "expired" ? "red.9" : undefined}>
                {found.status === "expired" ? c.expired(found.expires_label) : c.expires(found.expires_label)}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
