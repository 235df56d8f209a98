import { Select, type SelectProps } from "@mantine/core";

/**
 * The studio's packages and payment methods as Mantine selects (the value is the id as text).
 * The back office picks them in more than one place: the customer page's "Agregar acceso" and
 * the purchase list's filters; each caller adds its own label, width, clearing and searching.
 */

type Choices<T> = Omit<SelectProps, "data"> & { choices: T[] | undefined };

export function PackageSelect({ choices, ...props }: Choices<{ class_package_id: number; title: string }>) {
  return (
    <Select
      {...props}
      data={(choices ?? []).map((p) => ({ value: String(p.class_package_id), label: p.title }))}
    />
  );
}

export function PaymentMethodSelect({
  choices,
  ...props
}: Choices<{ payment_method_id: number; name: string }>) {
  return (
    <Select
      {...props}
      data={(choices ?? []).map((m) => ({ value: String(m.payment_method_id), label: m.name }))}
    />
  );
}
