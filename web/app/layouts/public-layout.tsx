import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconCalendarEvent,
  IconHome,
  IconInfoCircle,
  IconPackage,
  IconUserCircle,
} from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { packagesPathSegment, useAppConfig } from "../../features/app-config/api";
import { useCurrentUser } from "../../features/auth/api";
import { copy } from "../copy";
import { Brand } from "./brand";
import classes from "./layouts.module.css";
import { SiteFooter, WhatsappButton } from "./site-footer";
import { TopBanner } from "./top-banner";

export function usePublicLinks() {
  const config = useAppConfig();
  return [
    {
      to: `/${packagesPathSegment(config)}`,
      label: config.class_packages_name || "Paquetes",
      icon: IconPackage,
    },
    { to: "/#about", label: copy.nav.about, icon: IconInfoCircle },
    ...(config.single_class_enabled
      ? [{ to: "/calendario", label: copy.nav.calendar, icon: IconCalendarEvent }]
      : []),
  ];
}

/** Visitor pages: banner, sticky navbar with a mobile drawer, content, footer. */
export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const links = usePublicLinks();
  const user = useCurrentUser();
  const signedIn = Boolean(user.data);

  // Close the drawer whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => close(), [location.pathname, location.hash]);

  const accountButton = signedIn ? (
    <Button
      component={Link}
      to="/mystudio"
      leftSection={<IconUserCircle size={18} aria-hidden="true" />}
      radius="xl"
    >
      {copy.nav.myAccount}
    </Button>
  ) : (
    <Button component={Link} to="/entrar" radius="xl" loading={user.isPending} loaderProps={{ size: "xs" }}>
      {copy.nav.signIn}
    </Button>
  );

  return (
    <div className={classes.page}>
      <a href="#contenido" className={classes.skipLink}>
        {copy.app.skipToContent}
      </a>
      <header className={classes.header}>
        <TopBanner />
        <Container size="lg" className={classes.headerInner}>
          <Brand />
          <Group gap={4} visibleFrom="sm" component="nav" aria-label={copy.nav.mainNav}>
            {links.map((link) =>
              link.to.includes("#") ? (
                <Link key={link.to} to={link.to} className={classes.navLink}>
                  {link.label}
                </Link>
              ) : (
                <NavLink key={link.to} to={link.to} className={classes.navLink} end>
                  {link.label}
                </NavLink>
              ),
            )}
            <Box ml="sm">{accountButton}</Box>
          </Group>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            aria-label={opened ? copy.nav.closeMenu : copy.nav.openMenu}
            aria-expanded={opened}
            aria-controls="menu-movil"
          />
        </Container>
      </header>

      <Drawer
        id="menu-movil"
        opened={opened}
        onClose={close}
        position="right"
        size="85%"
        title={<Brand />}
        hiddenFrom="sm"
        closeButtonProps={{ "aria-label": copy.nav.closeMenu }}
      >
        <Stack gap={4} component="nav" aria-label={copy.nav.mainNav}>
          <NavLink to="/" className={classes.drawerLink} end>
            <IconHome size={20} aria-hidden="true" /> {copy.nav.home}
          </NavLink>
          {links.map(({ to, label, icon: Icon }) =>
            to.includes("#") ? (
              <Link key={to} to={to} className={classes.drawerLink}>
                <Icon size={20} aria-hidden="true" /> {label}
              </Link>
            ) : (
              <NavLink key={to} to={to} className={classes.drawerLink} end>
                <Icon size={20} aria-hidden="true" /> {label}
              </NavLink>
            ),
          )}
          <Divider my="sm" />
          {signedIn ? (
            <Button
              component={Link}
              to="/mystudio"
              size="md"
              fullWidth
              leftSection={<IconUserCircle size={20} aria-hidden="true" />}
            >
              {copy.nav.myAccount}
            </Button>
          ) : (
            <Button component={Link} to="/entrar" size="md" fullWidth>
              {copy.nav.signIn}
            </Button>
          )}
        </Stack>
      </Drawer>

      <main id="contenido" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <SiteFooter />
      <WhatsappButton />
    </div>
  );
}
