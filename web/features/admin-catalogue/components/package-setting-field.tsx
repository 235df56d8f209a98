import { PackageSelect } from "../../../components/choice-selects";
import { useList } from "../api";

type PackageChoice = { class_package_id: number; title: string; available?: boolean; is_trial?: boolean };

/**
 * The settings that name a package: the sign-up fee and the trial (docs/product-rules.md#signup-fee-and-trial-settings).
 * Only packages on sale are offered, and for the trial only those marked «Clase de prueba»; empty
 * means none (no fee, the home page's button goes to the packages).
 */
export function PackageSettingField({
  settingKey,
  label,
  description,
  value,
  onChange,
}: {
  settingKey: "signup_fee_package_id" | "trial_package_id";
  label: string;
  description?: string;
  value: unknown;
  onChange: (v: number | null) => void;
}) {
  const packages = useList("/class_packages/admin/all", "class_packages");
  const choices = ((packages.data ?? []) as PackageChoice[]).filter(
    (p) => p.available !== false && (settingKey !== "trial_package_id" || p.is_trial),
  );
  const current = typeof value === "number" && value > 0 ? String(value) : null;
  return (
    <PackageSelect
      label={label}
      description={description}
      placeholder="Ninguno"
      choices={choices}
      value={current}
      onChange={(id) => onChange(id ? Number(id) : null)}
      clearable
      searchable
      nothingFoundMessage={
        settingKey === "trial_package_id"
          ? "Ningún paquete a la venta está marcado como «Clase de prueba»."
          : "No hay paquetes a la venta."
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
