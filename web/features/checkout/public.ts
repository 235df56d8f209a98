/** What the checkout feature offers the others: the OXXO/SPEI voucher as /gracias shows it. */
export { VoucherPanel } from "./components/voucher-panel";
