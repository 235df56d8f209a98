import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /restablecer: target of the reset-password email link. */
export function ResetPasswordPage() {
  return (
    <PagePlaceholder title={copy.auth.resetTitle}>
      <Anchor component={Link} to="/entrar" fw={600}>
        {copy.auth.backToSignIn}
      </Anchor>
    </PagePlaceholder>
  );
}
