import { Select } from "@mantine/core";
import { PackageSelect, PaymentMethodSelect } from "../../../components/choice-selects";
import { usePackageOptions, usePaymentMethodOptions } from "../api";
import { listsCopy } from "../copy";
import { DateRangeFilter, FilterBar } from "./filter-bar";
import type { PurchaseFilters as Filters } from "./use-purchase-filters";

const c = listsCopy.purchases;
const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Every filter may be left on "Todos"; two a line on a phone. */
const optional = { placeholder: listsCopy.all, clearable: true, w: { base: "calc(50% - 6px)", xs: 190 } };

/** The filters above both tabs of /admin/compras. */
export function PurchaseFilters({ filters: f }: { filters: Filters }) {
  const packages = usePackageOptions();
  const methods = usePaymentMethodOptions();
  const statusFilter =
    f.tab === "purchases"
      ? { data: options(c.purchaseStatus), value: f.purchaseStatus, onChange: f.setPurchaseStatus }
      : { data: options(c.invoiceStatus), value: f.invoiceStatus, onChange: f.setInvoiceStatus };
  return (
    <FilterBar label={listsCopy.filters}>
      {/* One select whose options follow the tab; each tab keeps its own choice. */}
      <Select label={c.status} {...statusFilter} {...optional} />
      <PackageSelect
        label={c.package}
        choices={packages.data?.class_packages}
        value={f.packageId}
        onChange={f.setPackageId}
        searchable
        {...optional}
      />
      <Select
        label={c.provider}
        data={options(c.providers)}
        value={f.provider}
        onChange={f.setProvider}
        {...optional}
      />
      <PaymentMethodSelect
        label={c.method}
        choices={methods.data?.payment_methods}
        value={f.methodId}
        onChange={f.setMethodId}
        {...optional}
      />
      <DateRangeFilter value={f.range} onChange={f.setRange} clearable />
    </FilterBar>
  );
}
