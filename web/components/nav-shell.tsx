import { AppShell, Burger, Drawer, Group, ScrollArea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { copy } from "../lib/copy";

/** The phone drawer's open state. It closes on every navigation: a link in it was followed. */
function useNavDrawer() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on navigation only
  useEffect(() => close(), [pathname]);

  return { opened, toggle, close };
}

/**
 * A signed-in area's frame (the account and the back office): a header with the burger, the same
 * menu in a sidebar above `breakpoint` and in a drawer below it, and the page in <main>.
 */
export function NavShell({
  drawerId,
  breakpoint,
  navbarWidth,
  navLabel,
  menuLabels,
  skipLinkClass,
  headerStart,
  headerEnd,
  drawerTitle,
  menu,
  mainClass,
  mainBg,
  children,
}: {
  /** The drawer's id, which the burger names in aria-controls. */
  drawerId: string;
  breakpoint: "sm" | "md";
  navbarWidth: number;
  navLabel: string;
  menuLabels: { open: string; close: string };
  skipLinkClass?: string;
  /** Beside the burger (the brand). */
  headerStart: ReactNode;
  headerEnd: ReactNode;
  drawerTitle: ReactNode;
  /** Rendered twice: in the sidebar and in the drawer. */
  menu: ReactNode;
  mainClass?: string;
  mainBg?: string;
  children: ReactNode;
}) {
  const { opened, toggle, close } = useNavDrawer();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: navbarWidth, breakpoint, collapsed: { mobile: true } }}
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
              hiddenFrom={breakpoint}
              size="sm"
              aria-label={opened ? menuLabels.close : menuLabels.open}
              aria-expanded={opened}
              aria-controls={drawerId}
            />
            {headerStart}
          </Group>
          {headerEnd}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={navLabel}>
        <AppShell.Section grow component={ScrollArea}>
          {menu}
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        id={drawerId}
        opened={opened}
        onClose={close}
        size="85%"
        title={drawerTitle}
        hiddenFrom={breakpoint}
        closeButtonProps={{ "aria-label": menuLabels.close }}
      >
        <nav aria-label={navLabel}>{menu}</nav>
      </Drawer>

      <AppShell.Main
        id="contenido"
        tabIndex={-1}
        className={mainClass}
        style={{ outline: "none" }}
        bg={mainBg}
      >
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
