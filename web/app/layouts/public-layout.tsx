import { Box, Burger, Button, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCalendarEvent, IconInfoCircle, IconPackage, IconUserCircle } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { Brand } from "../../components/brand";
import { DailyPromoPopup } from "../../components/daily-promo-popup";
import { HydrationUnit } from "../../components/hydration-unit";
import { packagesPathSegment, useAppConfig } from "../../lib/app-config";
import { copy } from "../../lib/copy";
import { useCurrentUser } from "../../lib/session";
import classes from "./layouts.module.css";
import { TopBanner } from "./top-banner";

// Below the fold or behind a tap: loaded after the first paint so the home page's JS stays small.
const SiteFooter = lazy(() => import("./site-footer"));
const MobileMenu = lazy(() => import("./mobile-menu"));

/** How long a visitor sees the page before the studio's daily promotion opens over it. */
const PROMO_DELAY_MS = 3000;

export type PublicLink = { to: string; label: string; icon: typeof IconPackage };

export function usePublicLinks(): PublicLink[] {
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
  // The drawer's code is fetched on the first tap and stays mounted so it can animate closed.
  const [menuLoaded, setMenuLoaded] = useState(false);
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
            onClick={() => {
              setMenuLoaded(true);
              toggle();
            }}
            hiddenFrom="sm"
            aria-label={opened ? copy.nav.closeMenu : copy.nav.openMenu}
            aria-expanded={opened}
            aria-controls="menu-movil"
          />
        </Container>
      </header>

      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} links={links} signedIn={signedIn} />
        </Suspense>
      ) : null}

      <main id="contenido" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <HydrationUnit>
        <SiteFooter />
      </HydrationUnit>
      <DailyPromoPopup delayMs={PROMO_DELAY_MS} />
    </div>
  );
}
