import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../../../domain/format";
import { t } from "../../../../domain/messages";

/** 'Créditos Agotados': the no-credits text and a way to the packages. */
export function NoCreditsModal({
  opened,
  packagesPath,
  onClose,
}: {
  opened: boolean;
  packagesPath: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Créditos Agotados" centered radius="lg">
      <Stack>
        <Text>{t("creditsExhausted")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
          <Button component={Link} to={packagesPath} onClick={onClose}>
            Ver paquetes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Penalización Activa': consecutive no-shows and the day booking reopens. */
export function PenaltyModal({
  penalty,
  timeZone,
  onClose,
}: {
  penalty: { no_shows: number; end_date: string } | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={penalty !== null} onClose={onClose} title="Penalización Activa" centered radius="lg">
      {penalty ? (
        <Stack>
          <Text>{t("penaltyActive")}</Text>
          <Text size="sm">
            Inasistencias consecutivas: <b>{penalty.no_shows}</b>
          </Text>
          <Text size="sm">
            Podrás volver a reservar a partir del <b>{formatDate(penalty.end_date, timeZone)}</b>.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Entendido</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
