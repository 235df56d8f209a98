import { AppShell, Burger, Button, Drawer, Group, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { copy } from "../../../app/copy";
import { useSignOut } from "../../auth/api";
import { adminCopy } from "../copy";
import { ADMIN_NAV, type AdminNavGroup, isNavActive } from "../nav";

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
  return (
    <Stack gap={2}>
      {ADMIN_NAV.map((item) => (
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
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const signOut = useSignOut();
  const onSignOut = () => void signOut();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation only
  useEffect(() => close(), [location.pathname]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: "md", collapsed: { mobile: true } }}
      padding={0}
    >
      <AppShell.Header>
        <a href="#contenido" className={skipLinkClass}>
          {copy.app.skipToContent}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? adminCopy.closeMenu : adminCopy.openMenu}
              aria-expanded={opened}
              aria-controls="menu-admin"
            />
            {brand}
            <Text c="dimmed" fw={600} visibleFrom="xs">
              / {adminCopy.title}
            </Text>
          </Group>
          <Button
            component={Link}
            to="/"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            visibleFrom="xs"
          >
            {adminCopy.backToSite}
          </Button>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={adminCopy.nav.label}>
        <AppShell.Section grow component={ScrollArea}>
          <AdminMenu onSignOut={onSignOut} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        id="menu-admin"
        opened={opened}
        onClose={close}
        size="85%"
        title={adminCopy.title}
        hiddenFrom="md"
        closeButtonProps={{ "aria-label": adminCopy.closeMenu }}
      >
        <nav aria-label={adminCopy.nav.label}>
          <AdminMenu onSignOut={onSignOut} />
        </nav>
      </Drawer>

      <AppShell.Main
        id="contenido"
        tabIndex={-1}
        className={mainClass}
        style={{ outline: "none" }}
        bg="var(--mantine-color-gray-0)"
      >
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
