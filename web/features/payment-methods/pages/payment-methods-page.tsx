import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { messages } from "../../../../domain/messages";
import { PageHeading } from "../../../components/page-placeholder";
import { usePageTitle } from "../../../lib/use-page-title";
import { type SavedCard, useDeleteCard, useSavedCards } from "../api";
import { CardBrandLogo } from "../components/card-brand-logo";

const TITLE = "Mis Método de Pago";

/** /mystudio/metodos: saved cards with brand logo, masked digits and delete (seed 001). */
export function PaymentMethodsPage() {
  usePageTitle(TITLE);
  const cards = useSavedCards();
  const remove = useDeleteCard();
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  return (
    // The account layout gives no side padding: the Container does, as on Mis Créditos.
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <Group justify="space-between">
          <PageHeading title={TITLE} />
          {/* Seed 001: the add button does nothing on this screen (cards are saved at checkout). */}
          <Button leftSection={<IconPlus size={16} />} variant="light" disabled>
            Agregar
          </Button>
        </Group>
        {cards.isPending ? (
          <Loader aria-label="Cargando" />
        ) : cards.isError ? (
          <Alert color="red">{cards.error.message}</Alert>
        ) : cards.data.length === 0 ? (
          <Text c="dimmed">{messages.noPaymentSources}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {cards.data.map((c) => (
              <Card key={c.payment_source_id} withBorder radius="md" data-testid="saved-card">
                <Group justify="space-between" wrap="nowrap">
                  <Group wrap="nowrap">
                    <CardBrandLogo brand={c.card_type} />
                    <Stack gap={0}>
                      <Text fw={600} ff="monospace">{`•••• •••• •••• ${c.last_digits ?? "????"}`}</Text>
                      {c.exp_month && c.exp_year ? (
                        <Text
                          fz="xs"
                          c="dimmed"
                        >{`Vence ${String(c.exp_month).padStart(2, "0")}/${c.exp_year}`}</Text>
                      ) : null}
                    </Stack>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Eliminar tarjeta terminación ${c.last_digits}`}
                    onClick={() => setDeleting(c)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Modal
          opened={deleting !== null}
          onClose={() => setDeleting(null)}
          title={messages.modalDefaultTitle}
          centered
          radius="lg"
        >
          <Stack>
            <Text>{`¿Eliminar la tarjeta terminación ${deleting?.last_digits ?? ""}?`}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Volver
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting!.payment_source_id, {
                    onSuccess: (r) =>
                      notifications.show({ color: "green", message: r.message, autoClose: 3000 }),
                    onError: () =>
                      notifications.show({
                        color: "red",
                        message: messages.cardDeleteFailed,
                        autoClose: 5000,
                      }),
                    onSettled: () => setDeleting(null),
                  })
                }
              >
                Eliminar
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    </Container>
  );
}
