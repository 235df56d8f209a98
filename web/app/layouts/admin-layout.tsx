import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link, Navigate, useLocation } from "react-router";
import { staffRoleOf } from "../../../domain/staff";
import { Brand } from "../../components/brand";
import { FullScreenLoader } from "../../components/full-screen-loader";
import { AdminShell } from "../../features/admin/components/admin-shell";
import { homeFor, pathAllowed } from "../../features/admin/nav";
import { useFirstOwnerOpen } from "../../features/staff/api";
import { FirstOwnerForm } from "../../features/staff/components/first-owner-form";
import { copy } from "../../lib/copy";
import { useCurrentUser } from "../../lib/session";
import classes from "./layouts.module.css";
import { RequireUser } from "./require-user";

/**
 * /admin/*: staff only (the API enforces it too, per route and role). A lazy chunk: customers
 * never download the back office. Each role lands on its own first screen and is sent there from
 * screens it cannot use (a coach sees only Mis clases and Mi perfil). On an empty studio a visitor
 * is offered to create the owner account, once (decision 0054).
 */
export function AdminLayout() {
  const user = useCurrentUser();
  const firstOwner = useFirstOwnerOpen(user.isSuccess && user.data === null);
  if (user.isSuccess && user.data === null) {
    if (firstOwner.isPending) return <FullScreenLoader label={copy.account.accessing} />;
    if (firstOwner.data?.open) return <FirstOwnerForm />;
  }
  return (
    <RequireUser>
      {(current) => {
        const role = staffRoleOf(current.staff_role);
        return role === null ? <NotStaff /> : <StaffArea role={role} />;
      }}
    </RequireUser>
  );
}

function StaffArea({ role }: { role: NonNullable<ReturnType<typeof staffRoleOf>> }) {
  const { pathname } = useLocation();
  if (!pathAllowed(role, pathname.replace(/\/$/, "") || "/admin")) {
    return <Navigate to={homeFor(role)} replace />;
  }
  return <AdminShell brand={<Brand />} skipLinkClass={classes.skipLink} mainClass={classes.accountMain} />;
}

function NotStaff() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <IconLock size={40} aria-hidden="true" />
        <Title order={1} fz={26}>
          {copy.admin.title}
        </Title>
        <Text c="dimmed">{copy.admin.forbidden}</Text>
        <Button component={Link} to="/mystudio" variant="light">
          {copy.nav.myAccount}
        </Button>
      </Stack>
    </Center>
  );
}

export { AdminLayout as Component };
