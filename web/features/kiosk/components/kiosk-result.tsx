import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClock } from "@tabler/icons-react";
import { useEffect } from "react";
import { formatTime } from "../../../../domain/format";
import type { KioskCheckIn } from "../api";
import { kioskCopy as c } from "../copy";

export type KioskOutcome =
  | { kind: "in"; answer: KioskCheckIn }
  | { kind: "wait"; message: string }
  | { kind: "desk"; message: string };

/** How long an answer stays on the screen before the kiosk is ready for the next person. */
export const RESULT_MS = 7000;

/**
 * The answer to one person, large enough to read from a step away: checked in (their class,
 * time and spot), too early (when it opens: "wait"), or sent to the desk. It clears itself.
 */
export function KioskResult({
  outcome,
  zone,
  onDone,
}: {
  outcome: KioskOutcome;
  zone: string;
  onDone: () => void;
}) {
  useEffect(() => {
    const timer = setTimeout(onDone, RESULT_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  const tone =
    outcome.kind === "in"
      ? { color: "green", Icon: IconCircleCheck }
      : outcome.kind === "wait"
        ? { color: "blue", Icon: IconClock }
        : { color: "orange", Icon: IconAlertTriangle };
  return (
    <Center
      mih="60vh"
      role="status"
      aria-live="assertive"
      data-testid="kiosk-result"
      data-kind={outcome.kind}
    >
      <Stack align="center" gap="lg" maw={640} ta="center">
        <ThemeIcon size={120} radius={60} color={tone.color} variant="light">
          <tone.Icon size={80} aria-hidden="true" />
        </ThemeIcon>
        {outcome.kind === "in" ? (
          <>
            <Title order={1} fz={{ base: 34, md: 44 }}>
              {outcome.answer.message}
            </Title>
            <Text fz={28} fw={600}>
              {outcome.answer.class_type} · {formatTime(outcome.answer.class_date, zone)}
              {outcome.answer.location ? ` · ${outcome.answer.location}` : ""}
            </Text>
            {outcome.answer.spot ? (
              <Text fz={40} fw={800} data-testid="kiosk-spot">
                {c.spot} {outcome.answer.spot}
              </Text>
            ) : null}
          </>
        ) : (
          <>
            {outcome.kind === "desk" ? (
              <Title order={1} fz={{ base: 34, md: 44 }}>
                {c.toDesk}
              </Title>
            ) : null}
            <Text fz={28} fw={600}>
              {outcome.message}
            </Text>
          </>
        )}
        <Button size="xl" h={64} miw={200} fz={22} onClick={onDone}>
          {c.done}
        </Button>
      </Stack>
    </Center>
  );
}
