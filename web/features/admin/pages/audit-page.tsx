import { Select } from "@mantine/core";
import { useState } from "react";
import { STAFF_ROLE_LABELS } from "../../../../domain/staff";
import { AdminPage } from "../../../components/admin/page-frame";
import { StudioExportCard } from "../../../components/admin/studio-export";
import { useAuditActors, useAuditLog } from "../api";
import { AuditTable } from "../components/audit-table";
import { adminCopy } from "../copy";

/** /admin/bitacora: the latest 500 changes of the studio (who, what, when), by person if chosen. */
export function AuditPage() {
  const [actor, setActor] = useState<string | null>(null);
  const { data, isLoading, error, refetch } = useAuditLog(
    { page: 1, pageSize: 500, sort: null, search: "" },
    actor,
  );
  const actors = useAuditActors();
  const options = (actors.data?.actors ?? []).map((a) => ({
    value: a.user_id,
    label: `${a.name}${a.role ? ` (${STAFF_ROLE_LABELS[a.role]})` : ""}`,
  }));
  return (
    <AdminPage title={adminCopy.audit.title} loading={isLoading} error={error} onRetry={() => void refetch()}>
      <Select
        label="Persona"
        placeholder="Todas las personas"
        data={options}
        value={actor}
        onChange={setActor}
        clearable
        searchable
        maw={360}
      />
      <AuditTable entries={data?.entries ?? []} />
      <StudioExportCard />
    </AdminPage>
  );
}
