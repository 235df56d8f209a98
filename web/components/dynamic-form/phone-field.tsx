import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { normalizePhone } from "../../../domain/customers";
import { fieldError } from "../../../domain/forms";
import type { FieldProps } from "./field-input";

/** Phone input: digits only, up to 10; the format message appears 1000 ms after typing stops. */
export function PhoneField({ field, value, error, onChange }: FieldProps) {
  const [late, setLate] = useState<string | null>(null);
  const text = typeof value === "string" ? value : "";
  useEffect(() => {
    setLate(null);
    if (!text) return;
    const timer = window.setTimeout(() => setLate(fieldError({ ...field, required: false }, text)), 1000);
    return () => window.clearTimeout(timer);
  }, [text, field]);
  return (
    <TextInput
      label={field.label}
      required={field.required}
      inputMode="numeric"
      autoComplete="tel"
      value={text}
      error={error ?? late}
      onChange={(e) => onChange(normalizePhone(e.currentTarget.value))}
    />
  );
}
