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
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { messages } from "../../../../domain/messages";
import { notifyError, notifySuccess } from "../../../components/notify";
import { PageHeading } from "../../../components/page-placeholder";
import { isApiError } from "../../../lib/api-client";
import { usePaymentProviders } from "../../../lib/payment-providers";
import { usePageTitle } from "../../../lib/use-page-title";
import { type SavedCard, startCardSetup, useDeleteCard, useFinishCardSetup, useSavedCards } from "../api";
import { AddCardModal } from "../components/add-card-modal";
import { CardBrandLogo } from "../components/card-brand-logo";

const TITLE = "Mis Método de Pago";

/**
 * /mystudio/metodos: saved cards with brand logo, masked digits and delete behind the
 * 'Precaución' modal. Agregar saves a card through the processor's own card setup: the sandbox's
 * field in a modal, or Stripe's setup page, which comes back here with ?setup={id}.
 */
export function PaymentMethodsPage() {
  usePageTitle(TITLE);
  const cards = useSavedCards();
  const remove = useDeleteCard();
  const providers = usePaymentProviders();
  const finish = useFinishCardSetup();
  const [search, setSearch] = useSearchParams();
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const [adding, setAdding] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const setupId = search.get("setup");
  const finished = useRef<string | null>(null);
  useEffect(() => {
    // Back from Stripe's setup page: keep the card it saved (once, even if the effect re-runs).
    if (!setupId || finished.current === setupId) return;
    finished.current = setupId;
    finish.mutate(setupId, {
      onSuccess: (r) => notifySuccess(r.message),
      onError: (e) => notifyError(isApiError(e) ? e.message : messages.checkoutDefault),
      onSettled: () => setSearch({}, { replace: true }),
    });
  }, [setupId, finish, setSearch]);

  async function onAdd() {
    if (providers.data?.card !== "stripe") {
      setAdding(true);
      return;
    }
    setRedirecting(true);
    try {
      const setup = await startCardSetup(`setup_${crypto.randomUUID().replace(/-/g, "")}`);
      window.location.assign(setup.url);
    } catch (e) {
      setRedirecting(false);
      notifyError(isApiError(e) ? e.message : messages.checkoutDefault);
    }
  }
  return (
    // The account layout gives no side padding: the Container does, as on Mis Créditos.
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <Group justify="space-between">
          <PageHeading title={TITLE} />
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            onClick={onAdd}
            loading={redirecting || finish.isPending}
            disabled={providers.isPending}
          >
            Agregar
          </Button>
        </Group>
        {cards.isPending ? (
          <Loader role="status" aria-label="Cargando" />
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
        <AddCardModal opened={adding} onClose={() => setAdding(false)} />
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
                    onSuccess: (r) => notifySuccess(r.message),
                    onError: () => notifyError(messages.cardDeleteFailed),
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
