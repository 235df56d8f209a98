import { Badge, Button, Container, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../../../domain/format";
import { PageHeading } from "../../../components/page-placeholder";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { useMyCredits } from "../api";

/** /mystudio/creditos (allow_restricted_class_types): my credit buckets. */
export function CreditsPage() {
  usePageTitle(copy.account.credits);
  const config = useAppConfig();
  const credits = useMyCredits();
  const buckets = credits.data?.available_classes ?? [];
  const showTypes = buckets.some((b) => b.class_type_names.length > 0);
  const showTimes = config.allow_restricted_times || buckets.some((b) => b.allowed_times);
  // An unlimited membership has no credit bucket: without this a member read "No tienes créditos".
  const unlimited = credits.data?.unlimited ? credits.data : null;
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <PageHeading title={copy.account.credits} />
          <Button component={Link} to={`/mystudio/${packagesPathSegment(config)}`}>
            + Créditos
          </Button>
        </Group>
        {unlimited ? (
          <Paper withBorder radius="lg" p="lg" data-testid="unlimited-credits">
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Text fw={700}>Membresía ilimitada</Text>
                <Badge variant="light" tt="none">
                  Ilimitados
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {unlimited.unlimited_expiration
                  ? `Vigente hasta el ${formatDate(unlimited.unlimited_expiration, config.timezone)}`
                  : "Sin vencimiento"}
              </Text>
            </Group>
          </Paper>
        ) : null}
        {unlimited && buckets.length === 0 ? null : (
          <Paper withBorder radius="lg" style={{ overflowX: "auto" }}>
            {credits.isSuccess && buckets.length === 0 ? (
              <Text c="dimmed" ta="center" p="xl">
                No tienes créditos vigentes.
              </Text>
            ) : (
              <Table verticalSpacing="sm" data-testid="credits-table">
                <Table.Thead>
                  <Table.Tr>
                    {showTypes ? <Table.Th>Tipo de clase</Table.Th> : null}
                    {showTimes ? <Table.Th>Horarios</Table.Th> : null}
                    <Table.Th>Créditos</Table.Th>
                    <Table.Th>Vencimiento</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {buckets.map((b) => (
                    <Table.Tr key={b.available_class_id}>
                      {showTypes ? <Table.Td>{b.class_type_names.join(", ") || "Todas"}</Table.Td> : null}
                      {showTimes ? (
                        <Table.Td>{b.allowed_times?.split(",").join(", ") || "Todos"}</Table.Td>
                      ) : null}
                      <Table.Td>
                        {b.unlimited ? (
                          <Badge variant="light" tt="none">
                            Ilimitados
                          </Badge>
                        ) : (
                          b.available_classes
                        )}
                      </Table.Td>
                      <Table.Td>
                        {b.expiration_date
                          ? formatDate(b.expiration_date, config.timezone)
                          : "Sin vencimiento"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
