import { messagingCopy } from "./copy";

/** What other features may use of messaging (docs/product-rules.md#messaging). */
export { saveMyMessaging } from "./api";
export { CustomerMessages } from "./components/customer-messages";
export const customerMessagesTitle = messagingCopy.customerTitle;
export { MessagingCard } from "./components/messaging-card";
export {
  SIGNUP_CONSENT_DEFAULTS,
  SignupConsent,
  type SignupConsents,
} from "./components/signup-consent";
export { StatusBadge as MessageStatusBadge } from "./components/status-badge";
