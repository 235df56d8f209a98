import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { normalizePhone, SIGNUP_REASON_OTHER, SIGNUP_REASONS } from "../../../../domain/customers";
import { DynamicFields } from "../../../components/dynamic-form/dynamic-fields";
import { passwordErrorProps } from "../../../lib/field-errors";
import { SignupConsent } from "../../messaging/public";
import { authCopy } from "../copy";
import { SignupTerms } from "./signup-terms";
import { usePhoneCheck } from "./use-phone-check";
import { useSignUpFlow } from "./use-sign-up";

/** The sign-up form (docs/product-rules.md#accounts), used by /registro and the booking modal. */
export function SignUpForm({
  onSignedIn,
  onSwitchToSignIn,
}: {
  onSignedIn: () => void;
  onSwitchToSignIn?: () => void;
}) {
  const flow = useSignUpFlow(onSignedIn);
  const { core, set, errors, policy } = flow;
  const phoneProblem = usePhoneCheck(core.phone);

  return (
    <form ref={flow.formRef} onSubmit={flow.submit} noValidate>
      <Stack gap="md">
        {flow.formError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {flow.formError}
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
        {flow.fields.length > 0 ? (
          <DynamicFields
            fields={flow.fields}
            values={flow.values}
            errors={errors}
            onChange={flow.changeValues}
          />
        ) : null}
        <SignupConsent value={flow.consents} onChange={flow.setConsents} />
        {flow.pages.length > 0 ? (
          <SignupTerms
            pages={flow.pages}
            checked={flow.accept}
            error={errors.accept_terms}
            onChange={flow.changeAccept}
          />
        ) : null}
        <Button type="submit" size="md" fullWidth loading={flow.pending}>
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
