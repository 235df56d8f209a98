import { SegmentedControl, Stack, Text } from "@mantine/core";
import type { spotGridFor } from "../../../../domain/spot-map";
import { SpotMap } from "../../../components/spot-map";

type SpotGrid = NonNullable<ReturnType<typeof spotGridFor>>;

/** Whose spot the next tap on the map picks: mine, or my guest's. */
export type SpotPicking = "me" | "guest";

function labelOf(grid: NonNullable<ReturnType<typeof spotGridFor>>, key: string) {
  return grid.rows.flat().find((c) => c.key === key)?.label ?? key;
}

/**
 * 'Elige tu lugar': the class's spot map, with a switch between my spot and my guest's while I
 * bring one.
 */
export function BookingSpotPicker({
  grid,
  taken,
  withGuest,
  picking,
  onPicking,
  mySpot,
  guestSpot,
  onSelect,
}: {
  grid: SpotGrid;
  taken: string[];
  withGuest: boolean;
  picking: SpotPicking;
  onPicking: (picking: SpotPicking) => void;
  mySpot: string | null;
  guestSpot: string | null;
  onSelect: (key: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Elige tu lugar
      </Text>
      {withGuest ? (
        <SegmentedControl
          size="xs"
          value={picking}
          onChange={(v) => onPicking(v as SpotPicking)}
          data={[
            { value: "me", label: `Tu lugar${mySpot ? `: ${labelOf(grid, mySpot)}` : ""}` },
            {
              value: "guest",
              label: `Invitado${guestSpot ? `: ${labelOf(grid, guestSpot)}` : ""}`,
            },
          ]}
        />
      ) : null}
      <SpotMap
        grid={grid}
        taken={taken}
        // The guest entry (and so the map's "Invitado" legend) only when bringing a guest.
        selected={
          withGuest
            ? [
                { key: mySpot, role: "me" },
                { key: guestSpot, role: "guest" },
              ]
            : [{ key: mySpot, role: "me" }]
        }
        onSelect={onSelect}
      />
    </Stack>
  );
}
