import { Button, Divider, Drawer, Stack } from "@mantine/core";
import { IconHome, IconUserCircle } from "@tabler/icons-react";
import { Link, NavLink } from "react-router";
import { Brand } from "../../components/brand";
import { copy } from "../../lib/copy";
import classes from "./layouts.module.css";
import type { PublicLink } from "./public-layout";

/** The phone navigation drawer; loaded on the first tap of the burger. */
export default function MobileMenu({
  opened,
  onClose,
  links,
  signedIn,
}: {
  opened: boolean;
  onClose: () => void;
  links: PublicLink[];
  signedIn: boolean;
}) {
  return (
    <Drawer
      id="menu-movil"
      opened={opened}
      onClose={onClose}
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
  );
}
