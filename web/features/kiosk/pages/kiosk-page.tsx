import {
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconDoorExit } from "@tabler/icons-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { QrScanner } from "../../attendance/public";
import { useKioskCheckIn, useKioskState } from "../api";
import { ExitKioskModal } from "../components/exit-kiosk-modal";
import { type KioskOutcome, KioskResult } from "../components/kiosk-result";
import { PhonePad } from "../components/phone-pad";
import { kioskCopy as c } from "../copy";

/** What a refusal means for the person at the door (docs/product-rules.md#kiosk). */
function outcomeOf(error: unknown): KioskOutcome {
  if (!isApiError(error)) return { kind: "desk", message: c.networkError };
  if (error.code === "KIOSK_TOO_EARLY") return { kind: "wait", message: error.message };
  return { kind: "desk", message: error.message };
}

/**
 * Codes typed by a QR reader that acts as a keyboard (a USB or Bluetooth scanner at the door):
 * characters in quick succession ending with Enter. The camera reads the same codes.
 */
function useScannerKeys(onCode: (text: string) => void) {
  const buffer = useRef({ text: "", at: 0 });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const now = Date.now();
      const b = buffer.current;
      if (now - b.at > 1000) b.text = "";
      b.at = now;
      if (e.key === "Enter") {
        if (b.text.includes("/admin/reservaciones/")) {
          e.preventDefault();
          onCode(b.text);
        }
        b.text = "";
      } else if (e.key.length === 1) {
        b.text += e.key;
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [onCode]);
}

/**
 * /kiosco — the tablet at the door (decision 0097): a customer scans their QR or types their phone
 * and is checked in, or told when check-in opens, or sent to the desk. Made for 768 and 1024 px
 * touch screens: large type, keys of 72 px. Leaving asks for the PIN.
 */
export function KioskPage() {
  usePageTitle(c.pageTitle);
  const config = useAppConfig();
  const navigate = useNavigate();
  const state = useKioskState();
  const checkIn = useKioskCheckIn();
  const [phone, setPhone] = useState("");
  const [outcome, setOutcome] = useState<KioskOutcome | null>(null);
  const [exiting, setExiting] = useState(false);

  const send = useCallback(
    (input: { qr: string } | { phone: string }) => {
      if (checkIn.isPending) return;
      checkIn.mutate(input, {
        onSuccess: (answer) => setOutcome({ kind: "in", answer }),
        onError: (error) => {
          if (isApiError(error) && error.code === "KIOSK_NOT_OPEN") state.refetch();
          else setOutcome(outcomeOf(error));
        },
        onSettled: () => setPhone(""),
      });
    },
    [checkIn, state],
  );
  const onQr = useCallback((text: string) => send({ qr: text }), [send]);
  useScannerKeys(onQr);
  const ready = useCallback(() => setOutcome(null), []);

  if (state.isLoading)
    return (
      <Center mih="100vh">
        <Loader role="status" aria-label="Cargando" />
      </Center>
    );
  if (!state.data)
    return (
      <Center mih="100vh" p="lg">
        <Stack align="center" ta="center" maw={560}>
          <Title order={1}>{c.notOpenTitle}</Title>
          <Text fz="xl">{c.notOpen}</Text>
          <Anchor component={Link} to="/entrar" fz="lg" fw={600}>
            {c.signIn}
          </Anchor>
        </Stack>
      </Center>
    );

  const kiosk = state.data;
  return (
    <Box
      component="main"
      p={{ base: "md", md: "xl" }}
      mih="100vh"
      style={{ display: "flex", flexDirection: "column" }}
    >
      <Group justify="space-between" align="flex-start" mb="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 34, md: 44 }}>
            {c.welcome}
          </Title>
          <Text fz={22}>
            {kiosk.studio}
            {kiosk.location ? ` · ${kiosk.location}` : ""}
          </Text>
        </Stack>
      </Group>
      <Box style={{ flex: 1 }}>
        {outcome ? (
          <KioskResult outcome={outcome} zone={config.timezone} onDone={ready} />
        ) : (
          <Stack gap="lg">
            <Text fz={24}>{c.intro}</Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  <Title order={2} fz={28}>
                    {c.scanTitle}
                  </Title>
                  <Suspense fallback={<Loader role="status" aria-label="Cargando la cámara" />}>
                    <QrScanner onCode={onQr} facing="user" hint={c.scanHint} />
                  </Suspense>
                </Stack>
              </Card>
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  <Title order={2} fz={28}>
                    {c.phoneTitle}
                  </Title>
                  <PhonePad
                    value={phone}
                    onChange={setPhone}
                    onSubmit={() => send({ phone })}
                    busy={checkIn.isPending}
                  />
                </Stack>
              </Card>
            </SimpleGrid>
          </Stack>
        )}
      </Box>
      <Group justify="flex-end" mt="lg">
        <Button
          variant="subtle"
          color="gray"
          c="dark.6"
          size="md"
          h={48}
          leftSection={<IconDoorExit size={20} aria-hidden="true" />}
          onClick={() => setExiting(true)}
        >
          {c.exit}
        </Button>
      </Group>
      <ExitKioskModal
        opened={exiting}
        onClose={() => setExiting(false)}
        onClosed={() => navigate("/entrar", { replace: true })}
      />
    </Box>
  );
}
