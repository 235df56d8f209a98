/**
 * What other modules tell the messaging module (after their change committed), so it can text
 * the customer on the channel they chose (docs/product-rules.md#messaging-transactional). The
 * emails of the same news already went: a failed text does not repeat them.
 */
export type CustomerMessageEvent =
  | { kind: "booking_confirmed"; reservationId: number }
  | { kind: "reservation_cancelled"; reservationId: number; refunded: boolean }
  | { kind: "waitlist_offer"; customerId: number; classId: number; expiresAt: Date }
  | { kind: "class_changed"; customerId: number; classId: number; change: string }
  | { kind: "class_cancelled"; customerId: number; classId: number; refundedCredits: number }
  | { kind: "reminders_due"; reservationIds: number[] }
  | {
      kind: "offline_payment";
      customerId: number;
      purchaseId: number;
      method: string;
      reference: string | null;
      amount: string;
      deadline: Date | null;
    }
  | {
      kind: "renewal_failed";
      customerId: number;
      purchaseId: number;
      title: string;
      /** Where the customer pays the period themselves. */
      link: string;
      /** One message per failed attempt of a period ("<period ref>:<failures>"). */
      attemptRef: string;
      nextAttemptAt: Date;
    }
  | {
      kind: "renewal_ended";
      customerId: number;
      purchaseId: number;
      title: string;
      link: string;
      periodRef: string;
    }
  /** A gift card to its recipient's WhatsApp, who is not a customer (decision 0131); `text` holds its code. */
  | { kind: "gift_card_whatsapp"; giftCardId: number; phone: string; name: string; text: string; at: Date };
