import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { Fragment, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { passwordProblem } from "../../../../domain/auth";
import {
  isValidPhone,
  normalizePhone,
  SIGNUP_REASON_OTHER,
  SIGNUP_REASONS,
} from "../../../../domain/customers";
import type { FieldValues } from "../../../../domain/forms";
import { messages } from "../../../../domain/messages";
import { mexicanMobile } from "../../../../domain/messaging/phone";
import { DynamicFields, validateClient } from "../../../components/dynamic-form/dynamic-fields";
import { markWelcomePending } from "../../../components/welcome-state";
import {
  checkboxErrorProps,
  emailProblem,
  formMessage,
  passwordErrorProps,
  useFieldErrors,
} from "../../../lib/field-errors";
import {
  SIGNUP_CONSENT_DEFAULTS,
  SignupConsent,
  type SignupConsents,
  saveMyMessaging,
} from "../../messaging/public";
import { phoneExists, usePasswordPolicy, useSignUp, useSignupFields, useSignupPages } from "../api";
import { authCopy } from "../copy";

type Core = {
  email: string;
  password: string;
  password_confirm: string;
  phone: string;
  name: string;
  last_name: string;
  signup_reason: string | null;
  signup_reason_other: string;
};

const EMPTY: Core = {
  email: "",
  password: "",
  password_confirm: "",
  phone: "",
  name: "",
  last_name: "",
  signup_reason: null,
  signup_reason_other: "",
};

/** Phone rule checked 1000 ms after typing stops: format first, then whether it is already used. */
function usePhoneCheck(phone: string): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setProblem(null);
    if (!phone) return;
    let live = true;
    const timer = window.setTimeout(async () => {
      if (!isValidPhone(phone)) return live && setProblem(messages.phoneFormat);
      const used = await phoneExists(phone).catch(() => false);
      if (live && used) setProblem(messages.phoneInUse);
    }, 1000);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [phone]);
  return problem;
}

/** The sign-up form (docs/product-rules.md#accounts), used by /registro and the booking modal. */
export function SignUpForm({
  onSignedIn,
  onSwitchToSignIn,
}: {
  onSignedIn: () => void;
  onSwitchToSignIn?: () => void;
}) {
  const policy = usePasswordPolicy();
  const fieldsQuery = useSignupFields();
  const pagesQuery = useSignupPages();
  const signUp = useSignUp();
  const [core, setCore] = useState<Core>(EMPTY);
  const [values, setValues] = useState<FieldValues>({});
  const [accept, setAccept] = useState(false);
  const [consents, setConsents] = useState<SignupConsents>(SIGNUP_CONSENT_DEFAULTS);
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);
  const termsId = useId();
  const phoneProblem = usePhoneCheck(core.phone);
  const fields = fieldsQuery.data ?? [];
  const pages = pagesQuery.data ?? [];

  const set = <K extends keyof Core>(key: K, value: Core[K]) => {
    setCore((c) => ({ ...c, [key]: value }));
    clear(key);
  };

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!core.name.trim()) found.name = messages.nameRequired;
    if (!core.last_name.trim()) found.last_name = messages.lastNameRequired;
    const email = emailProblem(core.email);
    if (email) found.email = email;
    if (!core.phone) found.phone = messages.fieldRequired;
    else if (!isValidPhone(core.phone)) found.phone = messages.phoneFormat;
    const pw = core.password ? passwordProblem(core.password, policy) : messages.passwordRequired;
    if (pw) found.password = pw;
    if (!core.password_confirm && core.password) found.password_confirm = messages.fieldRequired;
    else if (core.password !== core.password_confirm) found.password_confirm = messages.passwordsDontMatch;
    Object.assign(found, validateClient(fields, values)?.fields ?? {});
    if (pages.length > 0 && !accept) found.accept_terms = messages.mustAcceptTerms;
    return found;
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validate();
    setFormError(null);
    if (show(found)) {
      // One problem is said next to its field; several also get the summary on top
      // (docs/product-rules.md#forms).
      if (Object.keys(found).length > 1) setFormError(messages.checkFields);
      return;
    }
    signUp.mutate(
      {
        ...core,
        signup_reason_other: core.signup_reason_other || null,
        fields: values,
        accept_terms: accept,
      },
      {
        onSuccess: async () => {
          markWelcomePending();
          // The sign-up API takes no consent: it is recorded right after, with the sentences the
          // boxes showed (docs/product-rules.md#messaging-consent). Should that fail, the account
          // stands and Mi Información offers the same choices.
          if (mexicanMobile(core.phone) && Object.values(consents).some(Boolean))
            await saveMyMessaging({ consents, phone: core.phone, source: "signup" }).catch(() => undefined);
          onSignedIn();
        },
        onError: (error) => {
          setFormError(formMessage(error));
          showApi(error);
        },
      },
    );
  }

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={authCopy.name}
            required
            autoComplete="given-name"
            value={core.name}
            error={errors.name}
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <TextInput
            label={authCopy.lastName}
            required
            autoComplete="family-name"
            value={core.last_name}
            error={errors.last_name}
            onChange={(e) => set("last_name", e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label={authCopy.email}
          type="email"
          required
          autoComplete="email"
          value={core.email}
          error={errors.email}
          onChange={(e) => set("email", e.currentTarget.value)}
        />
        <TextInput
          label={authCopy.phone}
          required
          inputMode="numeric"
          autoComplete="tel"
          value={core.phone}
          error={errors.phone ?? phoneProblem}
          onChange={(e) => set("phone", normalizePhone(e.currentTarget.value))}
        />
        <PasswordInput
          label={authCopy.password}
          required
          autoComplete="new-password"
          description={authCopy.policyHint(policy.min_length)}
          value={core.password}
          {...passwordErrorProps(errors.password)}
          onChange={(e) => set("password", e.currentTarget.value)}
          visibilityToggleButtonProps={{ "aria-label": authCopy.showPassword }}
        />
        <PasswordInput
          label={authCopy.passwordConfirm}
          required
          autoComplete="new-password"
          value={core.password_confirm}
          {...passwordErrorProps(errors.password_confirm)}
          onChange={(e) => set("password_confirm", e.currentTarget.value)}
          visibilityToggleButtonProps={{ "aria-label": authCopy.showPassword }}
        />
        <Select
          label={authCopy.signupReason}
          data={[...SIGNUP_REASONS]}
          value={core.signup_reason}
          error={errors.signup_reason}
          onChange={(v) => set("signup_reason", v)}
          clearable
        />
        {core.signup_reason === SIGNUP_REASON_OTHER ? (
          <TextInput
            label={authCopy.signupReasonOther}
            value={core.signup_reason_other}
            error={errors.signup_reason_other}
            onChange={(e) => set("signup_reason_other", e.currentTarget.value)}
          />
        ) : null}
        {fields.length > 0 ? (
          <DynamicFields
            fields={fields}
            values={values}
            errors={errors}
            onChange={(next) => {
              for (const key of Object.keys(next)) if (next[key] !== values[key]) clear(key);
              setValues(next);
            }}
          />
        ) : null}
        <SignupConsent value={consents} onChange={setConsents} />
        {pages.length > 0 ? (
          <Checkbox
            checked={accept}
            onChange={(e) => {
              setAccept(e.currentTarget.checked);
              clear("accept_terms");
            }}
            {...checkboxErrorProps(termsId, errors.accept_terms)}
            label={
              <>
                {authCopy.acceptPrefix}{" "}
                {pages.map((p, i) => (
                  <Fragment key={p.page_id}>
                    {i > 0 ? ` ${authCopy.and} ` : null}
                    <Anchor component={Link} to={`/${p.slug}`} target="_blank" inherit>
                      {p.title}
                    </Anchor>
                  </Fragment>
                ))}
              </>
            }
          />
        ) : null}
        <Button type="submit" size="md" fullWidth loading={signUp.isPending}>
          {authCopy.signUpButton}
        </Button>
        <Group justify="center">
          {onSwitchToSignIn ? (
            <Anchor component="button" type="button" onClick={onSwitchToSignIn} fw={600} size="sm">
              {authCopy.haveAccount}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/entrar" fw={600} size="sm">
              {authCopy.haveAccount}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
