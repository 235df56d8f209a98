import { useState } from "react";
import { passwordProblem } from "../../../../domain/auth";
import { isValidPhone } from "../../../../domain/customers";
import type { FieldValues } from "../../../../domain/forms";
import { messages } from "../../../../domain/messages";
import { mexicanMobile } from "../../../../domain/messaging/phone";
import { validateClient } from "../../../components/dynamic-form/dynamic-fields";
import { markWelcomePending } from "../../../components/welcome-state";
import { emailProblem, formMessage, useFieldErrors } from "../../../lib/field-errors";
import { SIGNUP_CONSENT_DEFAULTS, type SignupConsents, saveMyMessaging } from "../../messaging/public";
import { usePasswordPolicy, useSignUp, useSignupFields, useSignupPages } from "../api";

/** The account's own fields on the sign-up form. */
export type SignUpCore = {
  email: string;
  password: string;
  password_confirm: string;
  phone: string;
  name: string;
  last_name: string;
  signup_reason: string | null;
  signup_reason_other: string;
};

const EMPTY: SignUpCore = {
  email: "",
  password: "",
  password_confirm: "",
  phone: "",
  name: "",
  last_name: "",
  signup_reason: null,
  signup_reason_other: "",
};

/**
 * The sign-up flow (docs/product-rules.md#accounts): the form's state, the client-side checks
 * and the request, with the messaging consent recorded once the account exists.
 */
export function useSignUpFlow(onSignedIn: () => void) {
  const policy = usePasswordPolicy();
  const fields = useSignupFields().data ?? [];
  const pages = useSignupPages().data ?? [];
  const signUp = useSignUp();
  const [core, setCore] = useState<SignUpCore>(EMPTY);
  const [values, setValues] = useState<FieldValues>({});
  const [accept, setAccept] = useState(false);
  const [consents, setConsents] = useState<SignupConsents>(SIGNUP_CONSENT_DEFAULTS);
  const fieldErrors = useFieldErrors();
  const { show, showApi, clear } = fieldErrors;
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends keyof SignUpCore>(key: K, value: SignUpCore[K]) => {
    setCore((c) => ({ ...c, [key]: value }));
    clear(key);
  };

  const changeValues = (next: FieldValues) => {
    for (const key of Object.keys(next)) if (next[key] !== values[key]) clear(key);
    setValues(next);
  };

  const changeAccept = (checked: boolean) => {
    setAccept(checked);
    clear("accept_terms");
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

  return {
    policy,
    fields,
    pages,
    core,
    set,
    values,
    changeValues,
    accept,
    changeAccept,
    consents,
    setConsents,
    formRef: fieldErrors.ref,
    errors: fieldErrors.errors,
    formError,
    submit,
    pending: signUp.isPending,
  };
}
