import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { copy } from "../../../app/copy";
import { PagePlaceholder } from "../../../components/page-placeholder";

/** /recuperar: password recovery. */
export function RecoverPage() {
  return (
    <PagePlaceholder title={copy.auth.recoverTitle}>
      <Anchor component={Link} to="/entrar" fw={600}>
        {copy.auth.backToSignIn}
      </Anchor>
    </PagePlaceholder>
  );
}
