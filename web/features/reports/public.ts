/** What the reports feature offers others: a coach's own pay, for Mis clases (decision 0079). */
export { MyPay } from "./components/my-pay";
