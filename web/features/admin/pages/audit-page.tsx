import { useAuditLog } from "../api";
import { AuditTable } from "../components/audit-table";
import { AdminPage } from "../components/page-frame";
import { adminCopy } from "../copy";

/** /admin/bitacora: the latest 500 changes of the studio (who, what, when). */
export function AuditPage() {
  const { data, isLoading, error, refetch } = useAuditLog({ page: 1, pageSize: 500, sort: null, search: "" });
  return (
    <AdminPage title={adminCopy.audit.title} loading={isLoading} error={error} onRetry={() => void refetch()}>
      <AuditTable entries={data?.entries ?? []} />
    </AdminPage>
  );
}
