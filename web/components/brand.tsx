import { Text } from "@mantine/core";
import { Link } from "react-router";
import { studioName } from "../../domain/app-config";
import { useAppConfig } from "../lib/app-config";
import { copy } from "../lib/copy";
import classes from "./brand.module.css";

/** The studio's logo (navbar_logo) or its name, linking home. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  const config = useAppConfig();
  const { navbar_logo } = config;
  const business_name = studioName(config);
  return (
    <Link to="/" className={classes.brand} aria-label={`${business_name} — ${copy.nav.home}`}>
      {navbar_logo ? (
        <img
          src={navbar_logo}
          alt={business_name}
          className={inverted ? `${classes.logo} ${classes.logoOnDark}` : classes.logo}
        />
      ) : (
        <Text
          component="span"
          fw={800}
          fz={{ base: 20, sm: 22 }}
          lh={1}
          c={inverted ? "white" : undefined}
          className={classes.brandName}
        >
          {business_name}
        </Text>
      )}
    </Link>
  );
}
