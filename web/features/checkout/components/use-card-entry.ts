import { useCallback, useEffect, useState } from "react";
import type { CardFieldState, CardPart } from "../../../components/sandbox-card-field";
import { useSavedCards } from "../api";
import type { CardChoice } from "./saved-card-choice";

/**
 * The card the checkout charges (docs/product-rules.md#cards): a saved card of the processor in
 * use (the most recent preselected) or one typed in the sandbox field, whether to save it, and the
 * messages a decline left on its parts.
 */
export function useCardEntry(cardProvider: string | undefined) {
  const [saveCard, setSaveCard] = useState(false);
  const [card, setCard] = useState<CardFieldState>({ complete: false, tokenize: () => "" });
  const [declinedPart, setDeclinedPart] = useState<Partial<Record<CardPart, string>>>({});
  const onCardChange = useCallback((state: CardFieldState) => {
    setCard(state);
    setDeclinedPart({});
  }, []);
  // A saved card is charged by the processor that saved it, in either mode (one tap, no page).
  const savedCards = (useSavedCards(true).data ?? []).filter((c) => c.provider === cardProvider);
  const [cardChoice, setCardChoice] = useState<CardChoice>("new");
  const firstSaved = savedCards[0]?.payment_source_id;
  useEffect(() => {
    // The most recent saved card is preselected once the list arrives (it is the usual choice).
    if (firstSaved) setCardChoice(`${firstSaved}`);
  }, [firstSaved]);
  const savedId = cardChoice === "new" ? undefined : Number(cardChoice);

  return {
    card,
    onCardChange,
    saveCard,
    setSaveCard,
    declinedPart,
    setDeclinedPart,
    savedCards,
    cardChoice,
    setCardChoice,
    savedId,
  };
}

export type CardEntryState = ReturnType<typeof useCardEntry>;
