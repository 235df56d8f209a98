import { Button, Center, Group, Loader, Modal, Pagination, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { DETAIL_PAGE_SIZE } from "../../../../domain/api/reports";
import { kitCopy } from "../../../components/admin/copy";
import type { Drill, ReportFilters } from "../api";
import { drillCsvHref, useDrill } from "../api";
import { reportsCopy } from "../copy";
import { BucketsTable, ClassesTable, CustomersTable, MovementsTable } from "./drill-tables";

const c = reportsCopy.drill;

/**
 * The rows behind a figure, a page of 50 at a time as the server answers them (decision 0138),
 * with how many there are and the CSV of all of them.
 */
export function DrillModal({
  drill,
  filters,
  zone,
  onClose,
}: {
  drill: Drill | null;
  filters: ReportFilters;
  zone: string;
  onClose: () => void;
}) {
  const [paged, setPaged] = useState<{ drill: Drill | null; page: number }>({ drill, page: 1 });
  // Another figure opens on its first page.
  const page = paged.drill === drill ? paged.page : 1;
  const query = useDrill(drill, filters, { limit: DETAIL_PAGE_SIZE, offset: (page - 1) * DETAIL_PAGE_SIZE });
  const data = query.data;
  let count = "";
  let body = null;
  if (data && "classes" in data) {
    count = c.classCount(data.total);
    body = <ClassesTable rows={data.classes} zone={zone} />;
  } else if (data && "movements" in data) {
    count = c.movementCount(data.total);
    body = <MovementsTable rows={data.movements} zone={zone} />;
  } else if (data && "customers" in data) {
    count = c.customerCount(data.total);
    body = <CustomersTable rows={data.customers} zone={zone} />;
  } else if (data && "buckets" in data) {
    count = c.bucketCount(data.total);
    body = <BucketsTable rows={data.buckets} zone={zone} />;
  }
  const pages = data ? Math.ceil(data.total / DETAIL_PAGE_SIZE) : 0;
  return (
    <Modal
      opened={drill !== null}
      onClose={onClose}
      title={drill?.title ?? ""}
      size="xl"
      closeButtonProps={{ "aria-label": c.close }}
    >
      {query.isLoading ? (
        <Center p="lg">
          <Loader role="status" aria-label="Cargando" />
        </Center>
      ) : query.error ? (
        <Text c="red">{query.error.message}</Text>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {count}
            </Text>
            {drill ? (
              <Button
                component="a"
                href={drillCsvHref(drill, filters)}
                download
                size="xs"
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {reportsCopy.csv}
              </Button>
            ) : null}
          </Group>
          {body}
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={(p) => setPaged({ drill, page: p })}
                size="sm"
                siblings={1}
                getControlProps={(control) => ({
                  "aria-label": control === "previous" ? kitCopy.table.previous : kitCopy.table.next,
                })}
              />
            </Group>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
