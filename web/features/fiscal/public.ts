/**
 * What other features may use of the customer's fiscal data (the only place they import from this
 * feature; .dependency-cruiser.cjs enforces it): the profile page shows the card.
 */
export { FiscalDataCard } from "./components/fiscal-data-card";
