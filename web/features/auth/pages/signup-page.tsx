import { useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../../../../domain/auth";
import { AuthPage } from "../components/auth-page";
import { RedirectIfSignedIn } from "../components/redirect-if-signed-in";
import { SignUpForm } from "../components/sign-up-form";
import { authCopy } from "../copy";

/** /registro: sign up. A signed-in user is sent to /mystudio. */
export function SignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <RedirectIfSignedIn>
      <AuthPage title={authCopy.signUpTitle}>
        <SignUpForm onSignedIn={() => navigate(safeRedirect(params.get("redirect")), { replace: true })} />
      </AuthPage>
    </RedirectIfSignedIn>
  );
}
