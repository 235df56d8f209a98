import { Button, NavLink, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link, Outlet, useLocation } from "react-router";
import { staffRoleOf } from "../../../../domain/staff";
import { NavShell } from "../../../components/nav-shell";
import { useCurrentUser } from "../../../lib/session";
import { useSignOut } from "../../auth/public";
import { useOwnerTeaches } from "../api";
import { adminCopy } from "../copy";
import { type AdminNavGroup, isNavActive, navFor } from "../nav";

// The light variant's shade-6 text is under 4.5:1 on its tinted background; shade 8 passes.
const navVars = () => ({ root: { "--nl-color": "var(--mantine-primary-color-8)" }, children: {} });

function NavItem({ item, pathname }: { item: AdminNavGroup; pathname: string }) {
  const Icon = item.icon;
  const active = isNavActive(pathname, item);
  const icon = Icon ? <Icon size={20} stroke={1.7} aria-hidden="true" /> : undefined;
  if (item.children) {
    return (
      <NavLink
        label={item.label}
        leftSection={icon}
        defaultOpened={active}
        childrenOffset={28}
        fw={500}
        style={{ borderRadius: "var(--mantine-radius-md)" }}
      >
        {item.children.map((child) => {
          const childActive = isNavActive(pathname, child);
          return (
            <NavLink
              key={child.to}
              component={Link}
              to={child.to}
              label={child.label}
              active={childActive}
              aria-current={childActive ? "page" : undefined}
              variant="light"
              vars={navVars}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          );
        })}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={icon}
      active={active}
      aria-current={active ? "page" : undefined}
      variant="light"
      vars={navVars}
      fw={500}
      style={{ borderRadius: "var(--mantine-radius-md)" }}
    />
  );
}

function AdminMenu({ onSignOut }: { onSignOut: () => void }) {
  const { pathname } = useLocation();
  // Each role sees the sections it may use (decision 0031); the server refuses the rest anyway.
  const role = staffRoleOf(useCurrentUser().data?.staff_role) ?? "owner";
  const teaches = useOwnerTeaches(role === "owner");
  return (
    <Stack gap={2}>
      {navFor(role, teaches).map((item) => (
        <NavItem key={item.to} item={item} pathname={pathname} />
      ))}
      <NavLink
        component="button"
        type="button"
        onClick={onSignOut}
        label={adminCopy.signOut}
        leftSection={<IconLogout size={20} stroke={1.7} aria-hidden="true" />}
        style={{ borderRadius: "var(--mantine-radius-md)" }}
        fw={500}
        mt="sm"
      />
    </Stack>
  );
}

function BackToSite() {
  return (
    <Button
      component={Link}
      to="/"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
      visibleFrom="xs"
    >
      {adminCopy.backToSite}
    </Button>
  );
}

/**
 * The back office frame: sidebar on desktop, drawer on phones, the sections of ADMIN_NAV. Only
 * admin-layout renders it, after checking the role (the server enforces it on every call).
 */
export function AdminShell({
  brand,
  skipLinkClass,
  mainClass,
}: {
  brand: React.ReactNode;
  skipLinkClass?: string;
  mainClass?: string;
}) {
  const signOut = useSignOut();
  const onSignOut = () => void signOut();

  return (
    <NavShell
      drawerId="menu-admin"
      breakpoint="md"
      navbarWidth={248}
      navLabel={adminCopy.nav.label}
      menuLabels={{ open: adminCopy.openMenu, close: adminCopy.closeMenu }}
      skipLinkClass={skipLinkClass}
      headerStart={
        <>
          {brand}
          <Text c="dimmed" fw={600} visibleFrom="xs">
            / {adminCopy.title}
          </Text>
        </>
      }
      headerEnd={<BackToSite />}
      drawerTitle={adminCopy.title}
      menu={<AdminMenu onSignOut={onSignOut} />}
      mainClass={mainClass}
      mainBg="var(--mantine-color-gray-0)"
    >
      <Outlet />
    </NavShell>
  );
}
