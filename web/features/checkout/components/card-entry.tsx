import { Checkbox, Text } from "@mantine/core";
import { SandboxCardField } from "../../../components/sandbox-card-field";
import { checkoutCopy } from "../copy";
import { SavedCardChoice } from "./saved-card-choice";
import type { CardEntryState } from "./use-card-entry";

/**
 * The card part of checkout when paying by card: the saved cards to pick from, then the sandbox
 * card field and "save it" (or, in hosted mode, a note that the processor's page asks for it).
 */
export function CardEntry({
  entry,
  hosted,
  processing,
  attempted,
}: {
  entry: CardEntryState;
  hosted: boolean;
  processing: boolean;
  /** After a pay attempt the field says what each empty or wrong part needs (decision 0030). */
  attempted: boolean;
}) {
  const typed = entry.savedId === undefined;
  return (
    <>
      {entry.savedCards.length > 0 ? (
        <SavedCardChoice
          cards={entry.savedCards}
          value={entry.cardChoice}
          onChange={entry.setCardChoice}
          disabled={processing}
        />
      ) : null}
      {!hosted && typed ? (
        <>
          <SandboxCardField
            onChange={entry.onCardChange}
            disabled={processing}
            showErrors={attempted}
            errors={entry.declinedPart}
          />
          <Checkbox
            checked={entry.saveCard}
            onChange={(e) => entry.setSaveCard(e.currentTarget.checked)}
            label={checkoutCopy.saveCard}
            description={checkoutCopy.saveCardHint}
            disabled={processing}
          />
        </>
      ) : null}
      {hosted && typed ? (
        <Text c="dimmed" fz="sm">
          {checkoutCopy.hostedNote}
        </Text>
      ) : null}
    </>
  );
}
