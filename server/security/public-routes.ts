/**
 * Routes anyone may call without signing in, each with the reason. The authorization test fails
 * for any route that has no guard and is not listed here, so a new route is either protected or
 * consciously made public. Paths are Fastify route patterns.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  "GET /api/health": "load balancers and monitors check it without credentials",
  "GET /api/ready": "load balancers and orchestrators check readiness without credentials (no data in it)",
  "GET /api/appconfig": "the web app themes itself from it before anyone signs in",
  "GET /api/session": "tells the web whether someone is signed in (null for visitors)",
  "GET /api/pages": "legal pages and FAQ are public (footer links)",
  "GET /api/pages/:page": "a public content page",
  "GET /api/customer/phone":
    "sign-up checks a phone is unused; answers visitors and customers only { exists }, never whose it is (administrators also get the customer)",
  "POST /api/customer/signup": "sign-up creates the account",
  "POST /api/customer": "sign-up (the contract's second path for it)",
  "POST /api/customer/recover": "password recovery; same answer whether or not the email exists",
  "POST /api/customer/email/confirm":
    "the email-change link works on any device, signed in or not: its single-use, expiring secret is the credential",
  "GET /api/staff/invitation":
    "the staff invitation page reads its link before the person has an account; the single-use, expiring secret is the credential",
  "POST /api/staff/invitation/accept":
    "accepting a staff invitation creates the login (or confirms an existing one by its password); the link's secret is the credential",
  "GET /api/setup/first-owner":
    "an empty studio's /admin asks whether it may offer to create the owner (only ever true before any staff exists)",
  "POST /api/setup/first-owner":
    "creates the first owner of an empty studio, once, with the set-up code the server printed at start-up (decision 0054): closed for good as soon as any staff login or the claim exists",
  "GET /api/notifications/unsubscribe":
    "the 'Darte de baja' link of class reminders opens in any mail client, signed in or not: it only shows a page with a button (a mail scanner following it changes nothing; RFC 8058)",
  "POST /api/notifications/unsubscribe":
    "the confirmation page's button and the mail client's one-click unsubscribe (RFC 8058, posted by the provider's server without a session): the signed token in the URL (HMAC of the customer id) is the credential, and it only turns reminders off or on",
  "GET /api/auth-policy": "the sign-up form shows the password rules before an account exists",
  "GET /api/class_packages": "the shop is public",
  "GET /api/class_packages/online/all": "public shop list",
  "GET /api/class_packages/online/home": "public home list",
  "GET /api/class_packages/presenciales/all": "public shop list",
  "GET /api/class_packages/presenciales/home": "public home list",
  "GET /api/class_packages/especiales/all": "public shop list",
  "GET /api/class_packages/especiales/home": "public home list",
  "GET /api/class_packages/:id": "the checkout page shows the package before sign-in",
  "GET /api/payment_methods": "checkout shows the payment choices (names, public instructions)",
  "GET /api/checkout/providers":
    "checkout shows which card and wallet processor it will use before sign-in (names only, no keys)",
  "GET /api/checkout/mercadopago":
    "checkout shows whether the studio takes Mercado Pago before sign-in (two booleans)",
  "GET /api/payment_methods/:id": "one checkout payment choice",
  "GET /api/single_class": "the public schedule (/calendario); no customer identities in it",
  "GET /api/single_class/single/:id": "one class of the public schedule",
  "GET /api/class_types": "public catalogue",
  "GET /api/locations": "public catalogue",
  "GET /api/class_categories/:id": "one category of the public catalogue (the contract lists it)",
  "GET /api/class_categories": "public catalogue",
  "GET /api/class_categories/available": "public catalogue",
  "GET /api/custom_spot_maps": "spot map layouts shown in the booking modal",
  "GET /api/custom_spot_maps/:id": "one spot map layout",
  "GET /api/ical/:token": "calendar apps cannot sign in: the secret, revocable token is the credential",
  "GET /api/forms": "the sign-up form renders the configured fields",
  "GET /api/forms/:id": "one form definition",
  "GET /api/custom_fields": "field definitions (no customer values)",
  "GET /api/custom_fields/:id": "one field definition",
  "GET /api/signup_pages": "pages to accept at sign-up (titles and text)",
  "GET /api/announcements": "published announcements are public (/avisos)",
  "GET /api/announcements/:id": "one published announcement",
  "GET /api/tags": "tag names and colours shown on classes and videos",
  "GET /api/tags/:id": "one tag",
  "GET /api/instructors": "coaches are public (birth year hidden)",
  "GET /api/instructors/home/all": "coaches on the home page",
  "GET /api/instructors/:id": "a coach's public profile",
  "POST /api/webhooks/stripe":
    "Stripe cannot sign in: the signature over the raw body (STRIPE_WEBHOOK_SECRET) is the credential",
  "POST /api/webhooks/paypal":
    "PayPal cannot sign in: each event is signature-verified by PayPal's verify-webhook-signature API for PAYPAL_WEBHOOK_ID before anything is applied",
  "POST /api/webhooks/mercadopago":
    "Mercado Pago cannot sign in: x-signature (HMAC-SHA256 with MERCADOPAGO_WEBHOOK_SECRET over data.id, x-request-id and ts) is the credential; the object is then read from Mercado Pago itself",
  "GET /api/payments/sandbox/session/:id":
    "the sandbox processor's hosted payment page: its signed link (amount, purchase, return URL) is the credential",
  "POST /api/payments/sandbox/session/:id/pay":
    "the hosted page's form; the same signed link is verified before the card is read",
  // The check-in kiosk (decision 0097): its device cookie, not a login, is the credential; without
  // an open kiosk each answers 401 KIOSK_NOT_OPEN, and with one it can only check a person in.
  "GET /api/kiosk": "the kiosk's device cookie is the credential (401 without an open kiosk)",
  "POST /api/kiosk/check-in":
    "the kiosk's device cookie is the credential; checks in one person by QR or phone, answers only their class",
  "POST /api/kiosk/close": "the kiosk's device cookie and the kiosk's PIN are the credential",
  "GET /api/waivers/current":
    "the carta responsiva is read before signing up (decision 0099); the studio's own published text, no personal data",
  "POST /api/webhooks/aggregators/:aggregator":
    "Wellhub and TotalPass cannot sign in: the HMAC over the raw body with the studio's webhook secret (X-Gympass-Signature; TotalPass's signature and timestamp) is the credential",
  // Messaging (decision 0087).
  "POST /api/webhooks/twilio/inbound":
    "Twilio cannot sign in: X-Twilio-Signature (HMAC over the public URL and every form field with TWILIO_AUTH_TOKEN) is the credential",
  "POST /api/webhooks/twilio/status":
    "Twilio's delivery-status callback, signed the same way (X-Twilio-Signature)",
  "GET /api/gift-cards/balance":
    "a gift card's balance by its code (decision 0090): the 16-character code is the credential; rate limited against guessing",
};

/** Route prefixes outside our own API contract: documentation and the auth library's endpoints. */
export const EXTERNAL_PREFIXES = ["/api/docs", "/api/auth/"];
