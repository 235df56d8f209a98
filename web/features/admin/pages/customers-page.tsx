import { Anchor, Badge, Group, Select } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatDate } from "../../../../domain/format";
import { type AdminColumn, AdminTable, type TableState } from "../../../components/admin/admin-table";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { type CustomerRow, fetchAllCustomers, useCustomers, useCustomerTags } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

export const fullName = (r: { name: string; last_name: string | null }) =>
  [r.name, r.last_name].filter(Boolean).join(" ");

/** /admin/clientes: every customer, searched and sorted on the server. */
export function CustomersPage() {
  const config = useAppConfig();
  const navigate = useNavigate();
  const [state, setState] = useState<TableState>({
    page: 1,
    pageSize: 25,
    sort: { key: "createdAt", desc: true },
    search: "",
  });
  const [tag, setTag] = useState<string | null>(null);
  const tags = useCustomerTags();
  const { data, isFetching, error, refetch } = useCustomers(state, tag);

  const columns: AdminColumn<CustomerRow>[] = [
    {
      key: "name",
      header: c.name,
      value: fullName,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/admin/clientes/${r.customer_id}`} size="sm" fw={600}>
            {fullName(r)}
          </Anchor>
          {r.has_unlimited ? (
            <Badge size="xs" variant="light">
              {c.unlimited}
            </Badge>
          ) : null}
          {r.deactivatedAt ? (
            <Badge size="xs" variant="light" color="gray">
              {c.deactivated}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: "email", header: c.email, value: (r) => r.email },
    { key: "phone", header: c.phone, value: (r) => r.phone },
    { key: "credits", header: c.credits, value: (r) => r.credits, align: "right" },
    {
      key: "createdAt",
      header: c.since,
      value: (r) => r.createdAt.slice(0, 10),
      render: (r) => formatDate(r.createdAt, config.timezone),
    },
    {
      key: "tags",
      header: c.tags,
      sortable: false,
      value: (r) => r.tags.join(", "),
      render: (r) => (
        <Group gap={4}>
          {r.tags.map((t) => (
            <Badge key={t} size="sm" variant="light" color="gray" tt="none">
              {t}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <AdminPage title={c.title} error={error} onRetry={() => void refetch()}>
      {(tags.data?.tags.length ?? 0) > 0 ? (
        <Select
          label={c.tagFilter}
          placeholder={c.allTags}
          data={(tags.data?.tags ?? []).map((t) => ({ value: t.tag, label: c.tagCount(t.tag, t.customers) }))}
          value={tag}
          onChange={(value) => {
            setTag(value);
            setState((s) => ({ ...s, page: 1 }));
          }}
          clearable
          searchable
          maw={320}
          mb="sm"
        />
      ) : null}
      <AdminTable
        key={tag ?? ""}
        caption={c.title}
        exportFilename="clientes"
        columns={columns}
        rows={data?.customers ?? []}
        total={data?.total ?? 0}
        rowKey={(r) => r.customer_id}
        initialState={state}
        onStateChange={setState}
        exportRows={() => fetchAllCustomers(state.search, state.sort, tag)}
        loading={isFetching}
        searchPlaceholder={c.searchPlaceholder}
        onRowClick={(r) => navigate(`/admin/clientes/${r.customer_id}`)}
      />
    </AdminPage>
  );
}
