import { Button, Modal, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { spotLabel } from "../../../../domain/spot-map";
import { SpotMap } from "../../../components/spot-map";
import { adminCopy } from "../copy";
import { BookClassFilters } from "./book-class-filters";
import { useDeskBooking } from "./use-desk-booking";

const c = adminCopy.customers;

/**
 * "Reservar clase": an upcoming class of the next two weeks (not tied to a package), the spot on
 * the class's map (free spots only; the text field where the class has no map) and the desk's
 * "Saltar reglas" switch (decision 0015; audited as reservation.book_override).
 */
export function BookClassModal({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const booking = useDeskBooking(customerId, opened, onClose);
  const { grid, mySpot } = booking;
  return (
    <Modal opened={opened} onClose={onClose} title={c.book} centered radius="md" size={grid ? "lg" : "md"}>
      <Stack gap="sm">
        <BookClassFilters
          filter={booking.filter}
          onChange={booking.changeFilter}
          days={15}
          classTypes={booking.classTypes}
          zone={booking.zone}
        />
        <Select
          label={c.classSearch}
          description={booking.filter.showFull ? "Próximas clases" : c.classSearchHint}
          data={booking.options}
          value={booking.classId}
          onChange={booking.pickClass}
          searchable
          required
          nothingFoundMessage={adminCopy.table.empty}
          comboboxProps={{ withinPortal: true }}
        />
        {grid ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {c.spotPick}
            </Text>
            <Text size="xs" c="dimmed">
              {mySpot ? `${c.spotMine}: ${spotLabel(grid, mySpot)}` : c.spotNone}
            </Text>
            <SpotMap
              grid={grid}
              taken={booking.chosen?.taken_spots ?? []}
              selected={[{ key: mySpot || null, role: "me" }]}
              onSelect={(key) => booking.setSpot(key === mySpot ? "" : key)}
              mineLabel={c.spotMine}
            />
          </Stack>
        ) : (
          <TextInput
            label={c.spot}
            value={booking.spot}
            onChange={(e) => booking.setSpot(e.currentTarget.value)}
            maxLength={10}
          />
        )}
        <Switch
          label={`${c.skipRules} (${c.overrideRules.toLowerCase()})`}
          description={c.overrideRulesHint}
          checked={booking.overrideRules}
          onChange={(e) => booking.setOverrideRules(e.currentTarget.checked)}
        />
        <Button onClick={booking.submit} loading={booking.submitting} disabled={!booking.classId}>
          {c.book}
        </Button>
      </Stack>
    </Modal>
  );
}
