import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import type { AdminColumn } from "../../../components/admin/admin-table";
import type { Sale } from "../api";
import { retailCopy as c } from "../copy";
import { linesText, paidParts, SaleStatusBadge } from "./sale-summary";

/**
 * The columns of the sales table (and its CSV); with `refundButton` (owner and manager) a last
 * column holds each sale's refund.
 */
export function saleColumns(
  zone: string,
  refundButton: ((s: Sale) => ReactNode) | null,
): AdminColumn<Sale>[] {
  return [
    {
      key: "date",
      header: c.colDate,
      value: (s) => formatDateTime(s.createdAt, zone),
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(s.createdAt, zone)}</Text>
          <Text size="xs" c="dimmed">
            #{s.sale_id} · {s.location_name}
          </Text>
        </Stack>
      ),
      sortable: false,
    },
    {
      key: "location",
      header: c.colLocation,
      value: (s) => s.location_name,
      screen: false,
    },
    {
      key: "lines",
      header: c.colLines,
      value: linesText,
      render: (s) => (
        <Stack gap={0}>
          {s.lines.map((l) => (
            <Text size="sm" key={l.line_id}>
              {c.line(l.title, l.quantity)}
              {l.refunded_quantity > 0 ? (
                <Text span size="xs" c="dimmed">
                  {" "}
                  ({c.lineBack(l.refunded_quantity)})
                </Text>
              ) : null}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: "customer",
      header: c.colCustomer,
      value: (s) => s.customer_name ?? c.noCustomer,
    },
    {
      key: "total",
      header: c.colTotal,
      value: (s) => s.total,
      render: (s) => formatMoney(s.total),
      align: "right",
    },
    {
      key: "paid",
      header: c.colPaid,
      value: (s) => paidParts(s).join("; "),
      render: (s) => (
        <Stack gap={0}>
          {paidParts(s).map((p) => (
            <Text size="sm" key={p}>
              {p}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: "status",
      header: c.colStatus,
      value: (s) => c.status[s.status],
      render: (s) => (
        <Stack gap={2}>
          <SaleStatusBadge sale={s} />
          {s.refunded > 0 ? (
            <Text size="xs" c="dimmed">
              {c.refundedAmount(s.refunded)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    ...(refundButton
      ? [
          {
            key: "actions",
            header: c.colActions,
            csv: false,
            sortable: false,
            render: refundButton,
          },
        ]
      : []),
  ];
}
