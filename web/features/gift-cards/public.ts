/** What other features may use of gift cards and saldo a favor (decisions 0090, 0091). */

export { useCustomerCredit } from "./api";
export { CustomerStoreCredit } from "./components/customer-store-credit";
