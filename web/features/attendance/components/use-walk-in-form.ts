import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client";
import { type CustomerHit, useCustomerSearch, useDoorPackages, useWalkIn } from "../api";

export type WalkInMode = "existing" | "new";

/**
 * The walk-in form: a customer found (or a new one), how they pay, and the booking with check-in.
 * The server's field errors come back by field ("name" or "customer.name").
 */
export function useWalkInForm(classId: number, opened: boolean, onClose: () => void) {
  const [mode, setMode] = useState<WalkInMode>("existing");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<CustomerHit | null>(null);
  const [name, setName] = useState("");
  const [lastName, setLastName] = useState("");
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [payment, setPayment] = useState<"credit" | "cash">("credit");
  const [packageId, setPackageId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | "">("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const hits = useCustomerSearch(debounced);
  const packages = useDoorPackages(opened && payment === "cash");
  const walkIn = useWalkIn(classId);

  const reset = () => {
    setSearch("");
    setPicked(null);
    setName("");
    setLastName("");
    setPhone("");
    setEmail("");
    setPayment("credit");
    setPackageId(null);
    setAmount("");
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  /** Choosing a package fills in its price as the amount received. */
  const pickPackage = (id: string | null) => {
    setPackageId(id);
    const pkg = packages.data?.find((p) => String(p.class_package_id) === id);
    setAmount(pkg ? Number(pkg.sale_price ?? pkg.price) : "");
  };

  const submit = () => {
    setError(null);
    walkIn.mutate(
      {
        ...(mode === "existing"
          ? { customer_id: picked?.customer_id }
          : {
              customer: {
                name: name.trim(),
                last_name: lastName.trim() || undefined,
                phone: phone.replace(/\D/g, ""),
                email: email.trim() || undefined,
              },
            }),
        payment,
        ...(payment === "cash"
          ? {
              class_package_id: packageId ? Number(packageId) : undefined,
              amount: amount === "" ? undefined : amount,
            }
          : {}),
      },
      {
        onSuccess: close,
        onError: (e) =>
          setError({
            message: isApiError(e) ? e.message : "No pudimos agregar al cliente. Inténtalo de nuevo.",
            fields: isApiError(e) ? (e.fields ?? {}) : {},
          }),
      },
    );
  };

  return {
    mode,
    setMode,
    search: { text: search, debounced, hits, picked, setPicked },
    /** A new search forgets the customer picked. */
    setSearch: (text: string) => {
      setSearch(text);
      setPicked(null);
    },
    newCustomer: { name, setName, lastName, setLastName, phone, setPhone, email, setEmail },
    payment: { payment, setPayment, packageId, pickPackage, amount, setAmount, packages },
    error,
    field: (key: string) => error?.fields[key] ?? error?.fields[`customer.${key}`],
    close,
    submit,
    pending: walkIn.isPending,
  };
}

export type WalkInForm = ReturnType<typeof useWalkInForm>;
