import { Button, Group, Modal, PasswordInput, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { KIOSK_PIN_PATTERN } from "../../../../domain/check-in-window";
import { useSignOut } from "../../auth/public";
import { useOpenKiosk } from "../api";
import { frontDeskCopy as c } from "../copy";

/**
 * Opening the kiosk (decision 0097): the staff member chooses the PIN that leaving will ask for
 * (typed twice) and the door's location; then their own session is closed on this device, so the
 * tablet holds only the kiosk's, and it goes to /kiosco.
 */
export function OpenKioskModal({
  opened,
  onClose,
  locations,
}: {
  opened: boolean;
  onClose: () => void;
  locations: { location_id: number; name: string }[];
}) {
  const open = useOpenKiosk();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [pin, setPin] = useState("");
  const [again, setAgain] = useState("");
  const [location, setLocation] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const pinError = tried && !KIOSK_PIN_PATTERN.test(pin) ? "El PIN debe tener de 4 a 8 números." : null;
  const againError = tried && !pinError && pin !== again ? c.kioskPinMismatch : null;

  const submit = () => {
    setTried(true);
    if (!KIOSK_PIN_PATTERN.test(pin) || pin !== again) return;
    open.mutate(
      { pin, location_id: location ? Number(location) : null },
      {
        onSuccess: async () => {
          await signOut();
          navigate("/kiosco", { replace: true });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={c.kioskTitle} centered radius="md">
      <Stack gap="md">
        <Text>{c.kioskIntro}</Text>
        <PasswordInput
          label={c.kioskPin}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ""))}
          error={pinError}
          size="md"
        />
        <PasswordInput
          label={c.kioskPinAgain}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value.replace(/\D/g, ""))}
          error={againError}
          size="md"
        />
        {locations.length > 1 ? (
          <Select
            label={c.kioskLocation}
            data={[
              { value: "", label: c.allLocations },
              ...locations.map((l) => ({ value: String(l.location_id), label: l.name })),
            ]}
            value={location ?? ""}
            onChange={(v) => setLocation(v || null)}
            allowDeselect={false}
            size="md"
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} size="md">
            {c.cancel}
          </Button>
          <Button onClick={submit} loading={open.isPending} size="md">
            {c.kioskStart}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
