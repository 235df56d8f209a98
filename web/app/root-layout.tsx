import { useEffect, useLayoutEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { stopWaitingForVisibility } from "../components/hydration-unit";

// Scroll position of each path, for Back and Forward (what the data router's ScrollRestoration did).
const scrollPositions = new Map<string, number>();

/** A new page starts at the top; Back and Forward return to where the visitor was on that path. */
function useScrollMemory(pathname: string, hash: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const remember = () => scrollPositions.set(pathname, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useLayoutEffect(() => {
    if (hash) return; // the anchor effect below scrolls
    window.scrollTo(0, navigationType === "POP" ? (scrollPositions.get(pathname) ?? 0) : 0);
  }, [pathname]);
}

/** Root of every route: scroll restoration and in-page anchors such as /#about. */
export function RootLayout() {
  const { hash, pathname } = useLocation();
  useScrollMemory(pathname, hash);
  // Only the server-rendered first page hydrates its parts as they near the screen.
  const firstPathname = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPathname.current) stopWaitingForVisibility();
  }, [pathname]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same anchor on another page scrolls again
  useEffect(() => {
    if (!hash) return;
    // Wait a frame so a lazily loaded page has rendered its sections.
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let frame = 0;
    const scroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
      else if (tries++ < 30) frame = window.requestAnimationFrame(scroll);
    };
    frame = window.requestAnimationFrame(scroll);
    return () => window.cancelAnimationFrame(frame);
  }, [hash, pathname]);

  return <Outlet />;
}
