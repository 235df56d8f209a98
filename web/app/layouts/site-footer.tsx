import { ActionIcon, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandWhatsapp,
  IconMail,
  IconMapPin,
} from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { legalLine } from "../../../domain/app-config";
import { Brand } from "../../components/brand";
import { usePages } from "../../features/content/api";
import { useAppConfig } from "../../lib/app-config";
import { socialUrl, whatsappUrl } from "../../lib/contact";
import { copy } from "../../lib/copy";
import classes from "./layouts.module.css";

export function SiteFooter() {
  const config = useAppConfig();
  const pages = usePages();
  const contentPages = (pages.data ?? []).filter(
    (page) => page.content !== null && page.content !== undefined && page.show_in_footer !== false,
  );
  const whatsapp = whatsappUrl(config.whatsapp);
  const socials = [
    { label: copy.footer.facebook, href: socialUrl("facebook", config.facebook), icon: IconBrandFacebook },
    {
      label: copy.footer.instagram,
      href: socialUrl("instagram", config.instagram),
      icon: IconBrandInstagram,
    },
    { label: copy.footer.tiktok, href: socialUrl("tiktok", config.tiktok), icon: IconBrandTiktok },
  ].filter((social) => social.href);
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 32, md: 48 }}>
          <Stack gap="sm">
            <Brand inverted />
            {config.location ? (
              <Group gap={8} wrap="nowrap" align="flex-start">
                <IconMapPin size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" c="inherit" style={{ whiteSpace: "pre-line" }}>
                  {config.location}
                </Text>
              </Group>
            ) : null}
          </Stack>

          {whatsapp || config.email ? (
            <nav aria-label={copy.footer.contact}>
              <h2 className={classes.footerTitle}>{copy.footer.contact}</h2>
              <Stack gap={4}>
                {whatsapp ? (
                  <a className={classes.footerLink} href={whatsapp} target="_blank" rel="noopener noreferrer">
                    <IconBrandWhatsapp size={18} aria-hidden="true" /> {copy.footer.whatsapp}
                  </a>
                ) : null}
                {config.email ? (
                  <a className={classes.footerLink} href={`mailto:${config.email}`}>
                    <IconMail size={18} aria-hidden="true" /> {config.email}
                  </a>
                ) : null}
              </Stack>
            </nav>
          ) : null}

          <nav aria-label={copy.footer.info}>
            <h2 className={classes.footerTitle}>{copy.footer.info}</h2>
            <Stack gap={4}>
              {contentPages.map((page) => (
                <Link key={page.page_id} className={classes.footerLink} to={`/${page.slug}`}>
                  {page.title}
                </Link>
              ))}
              <Link className={classes.footerLink} to="/avisos">
                {copy.footer.announcements}
              </Link>
            </Stack>
          </nav>

          {socials.length > 0 ? (
            <div>
              <h2 className={classes.footerTitle}>{copy.footer.follow}</h2>
              <Group gap="xs">
                {socials.map(({ label, href, icon: Icon }) => (
                  <ActionIcon
                    key={label}
                    component="a"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    size={40}
                    radius="xl"
                    variant="subtle"
                    className={classes.socialIcon}
                    aria-label={label}
                  >
                    <Icon size={20} aria-hidden="true" />
                  </ActionIcon>
                ))}
              </Group>
            </div>
          ) : null}
        </SimpleGrid>
        <div className={classes.footerBottom}>{legalLine(config, year, copy.footer.rights)}</div>
      </Container>
    </footer>
  );
}

/**
 * Where a customer is paying (checkout, the thank-you page with its payment deadline, voucher and
 * card notes) the floating button would sit on what they must read; the footer's WhatsApp link
 * stays there.
 */
const PAYING_PATHS = /^\/(checkout|gracias)(\/|$)/;

/** Floating WhatsApp button (whatsapp_button_enabled and a number configured). */
export function WhatsappButton() {
  const { whatsapp_button_enabled, whatsapp } = useAppConfig();
  const { pathname } = useLocation();
  const href = whatsappUrl(whatsapp);
  if (!whatsapp_button_enabled || !href || PAYING_PATHS.test(pathname)) return null;
  return (
    <aside aria-label={copy.footer.whatsapp}>
      <a
        className={classes.whatsappButton}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={copy.footer.whatsappButton}
        title={copy.footer.whatsappButton}
      >
        <IconBrandWhatsapp size={30} aria-hidden="true" />
      </a>
    </aside>
  );
}

/** Footer and floating button, one lazy chunk for the public layout (below the fold). */
export default function SiteFooterWithButton() {
  return (
    <>
      <SiteFooter />
      <WhatsappButton />
    </>
  );
}
