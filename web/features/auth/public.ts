/**
 * What other features may use of sign-in and sign-up (the only place they import from this
 * feature; .dependency-cruiser.cjs enforces it): booking a class or buying a package asks a
 * visitor to sign in or create an account on the spot, and the back office signs out.
 */
export { fullName, useSignOut } from "./api";
export { AuthModal } from "./components/auth-modal";
export { SignInForm } from "./components/sign-in-form";
export { SignUpForm } from "./components/sign-up-form";
