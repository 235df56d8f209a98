import { Paper, Stack, Table, Text, Title, TypographyStylesProvider } from "@mantine/core";
import { useAppConfig } from "../../../lib/app-config";
import type { PurchaseDetail } from "../api";
import { checkoutCopy } from "../copy";

/**
 * A cash order's next step: the bank details (the payment option's own, else the studio's) and
 * the option's instructions.
 */
export function BankDetails({ purchase: p }: { purchase: PurchaseDetail }) {
  const config = useAppConfig();
  const bank = p.payment_method?.bank;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="bank-details">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {checkoutCopy.bankDetails}
        </Title>
        {bank ? (
          <Table>
            <Table.Tbody>
              {(
                [
                  [checkoutCopy.bank, bank.bank ?? config.cash_bank_name],
                  [checkoutCopy.cardNumberBank, bank.card ?? config.cash_bank_card],
                  [checkoutCopy.account, bank.account_number],
                  [checkoutCopy.clabe, bank.clabe ?? config.cash_bank_account],
                  [checkoutCopy.beneficiary, bank.beneficiary ?? config.cash_bank_beneficiary],
                ] as const
              )
                .filter(([, v]) => v)
                .map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Td c="dimmed">{label}</Table.Td>
                    <Table.Td fw={600}>{value}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {p.payment_method?.instructions ? (
          <TypographyStylesProvider>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: instructions are sanitised by the server */}
            <div dangerouslySetInnerHTML={{ __html: p.payment_method?.instructions }} />
          </TypographyStylesProvider>
        ) : null}
        <Text c="dimmed" fz="sm">
          {checkoutCopy.cashNextStep}
        </Text>
      </Stack>
    </Paper>
  );
}
