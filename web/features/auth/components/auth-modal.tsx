import { Modal } from "@mantine/core";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { authCopy } from "../copy";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

/**
 * docs/product-rules.md#class-card: after signing in from the booking modal, the flow resumes after
 * 1 s.
 */
export const RESUME_AFTER_SIGN_IN_MS = 1000;

/**
 * 'Debes Acceder para Reservar': sign-in and sign-up in one modal, toggling between the two.
 * `onSignedIn` runs 1 s after a successful sign-in or sign-up (docs/product-rules.md#class-card).
 */
export function AuthModal({
  opened,
  onClose,
  onSignedIn,
  initialMode = "signin",
}: {
  opened: boolean;
  onClose: () => void;
  onSignedIn?: () => void;
  initialMode?: "signin" | "signup";
}) {
  const [mode, setMode] = useState(initialMode);
  const done = () => {
    onClose();
    if (onSignedIn) window.setTimeout(onSignedIn, RESUME_AFTER_SIGN_IN_MS);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={authCopy.modalTitle}
      centered
      size={mode === "signup" ? "lg" : "md"}
      radius="lg"
    >
      {mode === "signin" ? (
        <SignInForm onSignedIn={done} onSwitchToSignUp={() => setMode("signup")} />
      ) : (
        <SignUpForm onSignedIn={done} onSwitchToSignIn={() => setMode("signin")} />
      )}
    </Modal>
  );
}

type AuthModalApi = { open: (options?: { onSignedIn?: () => void; mode?: "signin" | "signup" }) => void };
const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Mount once around screens that need it (calendar, checkout); then call useAuthModal().open(). */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ opened: boolean; mode: "signin" | "signup"; key: number }>({
    opened: false,
    mode: "signin",
    key: 0,
  });
  const callback = useRef<(() => void) | undefined>(undefined);
  const open = useCallback<AuthModalApi["open"]>((options) => {
    callback.current = options?.onSignedIn;
    setState((s) => ({ opened: true, mode: options?.mode ?? "signin", key: s.key + 1 }));
  }, []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <AuthModalContext.Provider value={value}>
      {children}
      <AuthModal
        key={state.key}
        opened={state.opened}
        initialMode={state.mode}
        onClose={() => setState((s) => ({ ...s, opened: false }))}
        onSignedIn={() => callback.current?.()}
      />
    </AuthModalContext.Provider>
  );
}

/** Opens the sign-in/sign-up modal; needs <AuthModalProvider> above. */
export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error("useAuthModal needs <AuthModalProvider>");
  return api;
}
