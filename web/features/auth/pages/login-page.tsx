import { Alert } from "@mantine/core";
import { useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../../../../domain/auth";
import { AuthPage } from "../components/auth-page";
import { RedirectIfSignedIn } from "../components/redirect-if-signed-in";
import { SignInForm } from "../components/sign-in-form";
import { authCopy } from "../copy";

/** /entrar: sign in. A signed-in user is sent to /mystudio (or ?redirect=). */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get("redirect");
  const expired = params.get("expired") === "1";
  return (
    <RedirectIfSignedIn>
      <AuthPage title={authCopy.signInTitle}>
        {expired ? (
          <Alert color="yellow" mb="md" role="status">
            {authCopy.sessionExpired}
          </Alert>
        ) : null}
        <SignInForm
          onSignedIn={() => navigate(safeRedirect(redirect), { replace: true })}
          signUpHref={redirect ? `/registro?redirect=${encodeURIComponent(redirect)}` : "/registro"}
        />
      </AuthPage>
    </RedirectIfSignedIn>
  );
}
