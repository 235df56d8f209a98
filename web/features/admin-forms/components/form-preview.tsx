import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { type FieldValues, sortFields } from "../../../../domain/forms";
import { DynamicFields, validateClient } from "../../../components/dynamic-form/dynamic-fields";
import type { CustomField } from "../api";
import { formsCopy } from "../copy";

const c = formsCopy.preview;

/**
 * The form as a customer meets it, drawn by the same component the sign-up and profile use, one
 * block per step. The admin may type into it and run the customer's checks; nothing is saved.
 */
export function FormPreview({ fields }: { fields: CustomField[] }) {
  const [values, setValues] = useState<FieldValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const steps = useMemo(() => {
    const byStep = new Map<number, CustomField[]>();
    for (const field of sortFields(fields))
      byStep.set(field.step, [...(byStep.get(field.step) ?? []), field]);
    return [...byStep.entries()];
  }, [fields]);

  // A check's verdict is about the fields it saw: an edit of the form makes it stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear whenever the fields change
  useEffect(() => {
    setErrors({});
    setResult(null);
  }, [fields]);

  const check = () => {
    const failed = validateClient(fields, values);
    setErrors(failed?.fields ?? {});
    setResult(failed ? { ok: false, message: failed.message } : { ok: true, message: c.valid });
  };
  const reset = () => {
    setValues({});
    setErrors({});
    setResult(null);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="form-preview-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="form-preview-title">
            {c.title}
          </Title>
          <Text size="sm" c="dimmed">
            {c.help}
          </Text>
        </div>
        {steps.length === 0 ? (
          <Text c="dimmed">{c.empty}</Text>
        ) : (
          steps.map(([step, stepFields]) => (
            <Stack key={step} gap="xs">
              {steps.length > 1 ? (
                <Text fw={600} size="sm" c="dimmed" tt="uppercase">
                  {c.step(step)}
                </Text>
              ) : null}
              <DynamicFields
                fields={stepFields}
                values={values}
                errors={errors}
                onChange={(next) => {
                  setValues(next);
                  setResult(null);
                }}
              />
            </Stack>
          ))
        )}
        {result ? (
          <Alert color={result.ok ? "green" : "red"} role="status">
            {result.message}
          </Alert>
        ) : null}
        {steps.length > 0 ? (
          <Group gap="xs">
            <Button variant="light" onClick={check}>
              {c.check}
            </Button>
            <Button variant="subtle" color="gray" onClick={reset}>
              {c.reset}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
