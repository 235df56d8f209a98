import { Box, Collapse, Text } from "@mantine/core";
import { IconArrowRight, IconExternalLink } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAppConfig } from "../../lib/app-config";
import { internalPath } from "../../lib/contact";
import { copy } from "../../lib/copy";
import { siteOrigin } from "../../lib/site-origin";
import classes from "./layouts.module.css";

const SHOW_DELAY_MS = 1000;
const MAX_SCROLL_PX = 1000;

/**
 * Studio announcement bar (banner_enabled / banner_text / banner_link). Its text appears after a 1 s
 * delay, and the bar shows only while the page is scrolled less than 1000 px. Internal links navigate in-app; others
 * open in a new tab.
 */
export function TopBanner() {
  const { banner_enabled, banner_text, banner_link } = useAppConfig();
  const enabled = banner_enabled && banner_text.trim() !== "";
  const [delayed, setDelayed] = useState(false);
  const [nearTop, setNearTop] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => setDelayed(true), SHOW_DELAY_MS);
    const onScroll = () => setNearTop(window.scrollY < MAX_SCROLL_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    };
  }, [enabled]);

  if (!enabled) return null;

  const path = banner_link ? internalPath(banner_link, siteOrigin()) : null;
  const content = (
    <>
      <Text span inherit>
        {banner_text}
      </Text>
      {banner_link ? (
        path ? (
          <IconArrowRight size={16} aria-hidden="true" />
        ) : (
          <IconExternalLink size={16} aria-hidden="true" />
        )
      ) : null}
    </>
  );

  return (
    // The bar keeps its place from the first paint and its text fades in after the delay: sliding
    // it open pushed the whole page down a second after it appeared (a layout shift under a
    // visitor's thumb). It still folds away past MAX_SCROLL_PX.
    <Collapse in={nearTop} transitionDuration={250}>
      <Box
        component="aside"
        aria-label={copy.banner.label}
        className={classes.banner}
        data-shown={delayed || undefined}
        // Out of sight until the delay passes: screen readers and the keyboard skip it until then too.
        inert={!delayed || undefined}
      >
        {!banner_link ? (
          <span className={classes.bannerInner}>{content}</span>
        ) : path ? (
          <Link to={path} className={classes.bannerInner}>
            {content}
          </Link>
        ) : (
          <a href={banner_link} target="_blank" rel="noopener noreferrer" className={classes.bannerInner}>
            {content}
            <span className={classes.srOnly}>{copy.banner.opensInNewTab}</span>
          </a>
        )}
      </Box>
    </Collapse>
  );
}
