import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";
import { RedirectIfSignedIn } from "../components/redirect-if-signed-in";

/** /registro: sign up. A signed-in user is sent to /mystudio. */
export function SignupPage() {
  return (
    <RedirectIfSignedIn>
      <PagePlaceholder title={copy.auth.signUpTitle} size="sm">
        <Anchor component={Link} to="/entrar" fw={600}>
          {copy.auth.backToSignIn}
        </Anchor>
      </PagePlaceholder>
    </RedirectIfSignedIn>
  );
}
