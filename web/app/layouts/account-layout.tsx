import { Avatar, Group, Menu, NavLink, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconHome, IconLogout, IconSettings, IconUser } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { Brand } from "../../components/brand";
import { NavShell } from "../../components/nav-shell";
import { fullName, useSignOut } from "../../features/auth/api";
import { AccountGates } from "../../features/customers/components/account-gates";
import { PaymentIssueBanner } from "../../features/purchases/components/payment-issue-banner";
import { WaiverReminder } from "../../features/waivers/public";
import { isApiError } from "../../lib/api-client";
import { appConfigQueryKey, useAppConfig } from "../../lib/app-config";
import { copy } from "../../lib/copy";
import { type CurrentCustomer, currentUserQueryKey } from "../../lib/session";
import { type AccountNavItem, accountNav } from "./account-nav";
import classes from "./layouts.module.css";
import { RequireUser } from "./require-user";
import { TopBanner } from "./top-banner";

function isActive(pathname: string, item: Pick<AccountNavItem, "to" | "end">): boolean {
  if (item.end) return pathname === item.to || pathname === `${item.to}/`;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

function NavSection({
  label,
  items,
  pathname,
}: {
  label: string;
  items: AccountNavItem[];
  pathname: string;
}) {
  return (
    <div>
      <Text component="h2" className={classes.sidebarSection}>
        {label}
      </Text>
      <Stack gap={2}>
        {items.map(({ icon: Icon, ...item }) => {
          const active = isActive(pathname, item);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={active}
              aria-current={active ? "page" : undefined}
              leftSection={<Icon size={20} stroke={1.7} aria-hidden="true" />}
              variant="light"
              // The light variant's shade-6 text is under 4.5:1 on its tinted background; shade 8 passes.
              vars={() => ({ root: { "--nl-color": "var(--mantine-primary-color-8)" }, children: {} })}
              style={{ borderRadius: "var(--mantine-radius-md)" }}
              fw={500}
            />
          );
        })}
      </Stack>
    </div>
  );
}

function AccountMenu({ onSignOut, showSignOut = true }: { onSignOut: () => void; showSignOut?: boolean }) {
  const config = useAppConfig();
  const { pathname } = useLocation();
  const nav = accountNav(config);
  return (
    <Stack gap="xs">
      {nav.menu.length > 0 ? <NavSection label={copy.nav.menu} items={nav.menu} pathname={pathname} /> : null}
      <NavSection label={copy.nav.myAccount} items={nav.account} pathname={pathname} />
      {showSignOut ? (
        <NavLink
          component="button"
          type="button"
          onClick={onSignOut}
          label={copy.nav.signOut}
          leftSection={<IconLogout size={20} stroke={1.7} aria-hidden="true" />}
          style={{ borderRadius: "var(--mantine-radius-md)" }}
          fw={500}
          mt="xs"
        />
      ) : null}
    </Stack>
  );
}

function UserMenu({ user, onSignOut }: { user: CurrentCustomer; onSignOut: () => void }) {
  const name = fullName(user) || user.email;
  const initials = `${user.name?.[0] ?? ""}${user.last_name?.[0] ?? ""}`.toUpperCase() || undefined;
  return (
    <Menu position="bottom-end" width={220} shadow="md" radius="md">
      <Menu.Target>
        {/* Named by its content, not aria-label: the name it shows must be part of its accessible
            name (WCAG 2.5.3), and on a phone, where the name is hidden, "Menú de usuario" remains. */}
        <UnstyledButton style={{ borderRadius: 999, padding: 4 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" variant="filled" radius="xl" size={36} alt="" aria-hidden="true">
              {initials}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
              {name}
            </Text>
            <VisuallyHidden>{copy.nav.userMenu}</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item
          component={Link}
          to="/mystudio/informacion"
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          {copy.account.profile}
        </Menu.Item>
        <Menu.Item component={Link} to="/" leftSection={<IconHome size={16} aria-hidden="true" />}>
          {copy.nav.backToSite}
        </Menu.Item>
        {user.role === "admin" || user.staff_role ? (
          <Menu.Item component={Link} to="/admin" leftSection={<IconSettings size={16} aria-hidden="true" />}>
            {copy.nav.admin}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden="true" />}>
          {copy.nav.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Any 401 while signed in means the session ended (expired, signed out elsewhere, password
 * reset): forget the user and go to /entrar with a message, returning here after signing in.
 */
function useSessionExpiry() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isApiError(error, 401)) return;
      client.removeQueries({
        predicate: (q) => q.queryKey[0] !== appConfigQueryKey[0] && q.queryKey[0] !== currentUserQueryKey[0],
      });
      client.setQueryData(currentUserQueryKey, null);
      navigate(`/entrar?expired=1&redirect=${encodeURIComponent(here)}`, { replace: true });
    };
    const unsubQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    const unsubMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onError(event.action.error);
    });
    return () => {
      unsubQueries();
      unsubMutations();
    };
  }, [client, navigate, here]);
}

function AccountShell({ user }: { user: CurrentCustomer }) {
  useSessionExpiry();
  const signOut = useSignOut();
  const onSignOut = () => void signOut();

  return (
    <NavShell
      drawerId="menu-cuenta"
      breakpoint="sm"
      navbarWidth={264}
      navLabel={copy.nav.accountNav}
      menuLabels={{ open: copy.nav.openMenu, close: copy.nav.closeMenu }}
      skipLinkClass={classes.skipLink}
      headerStart={<Brand />}
      headerEnd={<UserMenu user={user} onSignOut={onSignOut} />}
      drawerTitle={<Brand />}
      menu={<AccountMenu onSignOut={onSignOut} />}
      mainClass={classes.accountMain}
    >
      <TopBanner />
      <PaymentIssueBanner enabled={user.customer_id !== null} />
      <WaiverReminder isCustomer={user.customer_id !== null} />
      <Outlet />
      <AccountGates isCustomer={user.customer_id !== null} />
    </NavShell>
  );
}

/** /mystudio/*: requires a signed-in customer; sidebar on desktop, drawer on mobile. */
export function AccountLayout() {
  return <RequireUser>{(user) => <AccountShell user={user} />}</RequireUser>;
}

export { AccountLayout as Component };
