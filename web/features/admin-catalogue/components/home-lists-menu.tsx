import { ActionIcon, Checkbox, Menu, Tooltip } from "@mantine/core";
import { IconHome } from "@tabler/icons-react";
import type { z } from "zod";
import type { messageAnswer } from "../../../../domain/api/wire";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { useCatalogueAction, useList } from "../api";
import { catalogueCopy } from "../copy";

const LISTS = [
  { list: "presenciales", label: "Presenciales" },
  { list: "online", label: "Online" },
  { list: "especiales", label: "Eventos especiales" },
] as const;

/** Which home lists show a package; ticking adds it, unticking removes it (seed messages). */
export function HomeListsMenu({ packageId, title }: { packageId: number; title: string }) {
  // One query per list, in LISTS' order (hooks can't be called in a map over LISTS).
  const queries = [
    useList("/class_packages/presenciales/home", "paquetes"),
    useList("/class_packages/online/home", "paquetes"),
    useList("/class_packages/especiales/home", "class_packages"),
  ] as const;
  const lists = LISTS.map((l, i) => ({ ...l, query: queries[i as 0 | 1 | 2] }));
  const toggle = useCatalogueAction(({ list, on }: { list: string; on: boolean }) =>
    on
      ? api.post<z.input<typeof messageAnswer>>(`/class_packages/${list}/home`, {
          class_package_id: packageId,
        })
      : api.delete<z.input<typeof messageAnswer>>(`/class_packages/${list}/home/${packageId}`),
  );
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <Tooltip label={catalogueCopy.homeLists}>
          <ActionIcon variant="subtle" aria-label={`${catalogueCopy.homeLists}: ${title}`}>
            <IconHome size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{catalogueCopy.homeLists}</Menu.Label>
        {lists.map((l) => {
          const on = (l.query.data ?? []).some((p) => Number(p.class_package_id) === packageId);
          return (
            <Menu.Item key={l.list}>
              <Checkbox
                label={l.label}
                checked={on}
                disabled={toggle.isPending || l.query.isLoading}
                onChange={async (e) => {
                  try {
                    const res = (await toggle.mutateAsync({ list: l.list, on: e.currentTarget.checked })) as {
                      message?: string;
                    };
                    notifySuccess(res.message ?? catalogueCopy.saved);
                  } catch (error) {
                    notifyError(error);
                  }
                }}
              />
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
