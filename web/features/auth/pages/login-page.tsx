import { Anchor, Group } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";
import { RedirectIfSignedIn } from "../components/redirect-if-signed-in";

/** /entrar: sign in. A signed-in user is sent to /mystudio (or ?redirect=). */
export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  return (
    <RedirectIfSignedIn>
      <PagePlaceholder title={copy.auth.signInTitle} size="sm">
        <Group gap="lg" justify="center">
          <Anchor
            component={Link}
            to={redirect ? `/registro?redirect=${encodeURIComponent(redirect)}` : "/registro"}
            fw={600}
          >
            {copy.auth.createAccount}
          </Anchor>
          <Anchor component={Link} to="/recuperar" fw={600}>
            {copy.auth.forgotPassword}
          </Anchor>
        </Group>
      </PagePlaceholder>
    </RedirectIfSignedIn>
  );
}
