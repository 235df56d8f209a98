/** What other features may use of retail (decision 0094): the desk's counter sale. */
export { DeskSaleButton } from "./components/desk-sale-button";
