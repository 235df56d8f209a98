import type { PaymentPage } from "../api";
import { listsCopy } from "../copy";
import { ListTable, type ListTableProps } from "./list-table";
import { TotalsBar } from "./totals-bar";

/** A payment list, newest first, with the totals of its filtered set above it. */
export function PaymentTable<R>({
  noun,
  statusLabel,
  ...props
}: Pick<ListTableProps<R>, "path" | "filters" | "columns" | "rowKey" | "caption" | "exportFilename"> & {
  noun: readonly [string, string];
  statusLabel: (status: string) => string;
}) {
  return (
    <ListTable<R, PaymentPage<R>>
      {...props}
      initialSort={{ key: "created_at", desc: true }}
      searchPlaceholder={listsCopy.purchases.search}
      header={(data) => <TotalsBar totals={data?.totals} noun={noun} statusLabel={statusLabel} />}
      minWidth={980}
    />
  );
}
