import { Alert } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { type CurrentCustomer, currentUserQueryKey } from "../../../lib/session";
import { AuthPage } from "../components/auth-page";
import { landingFor, RedirectIfSignedIn } from "../components/redirect-if-signed-in";
import { SignInForm } from "../components/sign-in-form";
import { authCopy } from "../copy";

/** /entrar: sign in. A signed-in user is sent to ?redirect=, else /admin (staff) or /mystudio. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
          onSignedIn={() => {
            // useSignIn has loaded the signed-in user into the cache before this runs.
            const user = queryClient.getQueryData<CurrentCustomer | null>(currentUserQueryKey);
            navigate(landingFor(user, redirect), { replace: true });
          }}
          signUpHref={redirect ? `/registro?redirect=${encodeURIComponent(redirect)}` : "/registro"}
        />
      </AuthPage>
    </RedirectIfSignedIn>
  );
}
