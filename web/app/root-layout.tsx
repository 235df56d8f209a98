import { useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";

/** Root of every route: scroll restoration and in-page anchors such as /#about. */
export function RootLayout() {
  const { hash, pathname } = useLocation();
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

  return (
    <>
      <ScrollRestoration getKey={(location) => location.pathname} />
      <Outlet />
    </>
  );
}
