import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useGiveAccess, usePackageChoices, usePaymentMethodChoices } from "../api";

/**
 * "Agregar acceso" (grant): a package for the customer, for its own days or the ones typed, as a
 * gift or charged at the desk (the amount starts at the package's price). `onDone` runs after the
 * grant went through; the form starts clean for the next one.
 */
export function useGrantAccess(customerId: number, opened: boolean, onDone: () => void) {
  const packages = usePackageChoices(opened);
  const methods = usePaymentMethodChoices(opened);
  const grant = useGiveAccess(customerId);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>("");
  const [gift, setGift] = useState(false);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [bill, setBill] = useState<number | string>(0);

  const choose = (id: string | null) => {
    setPackageId(id);
    const pkg = packages.data?.class_packages.find((p) => String(p.class_package_id) === id);
    if (pkg) setBill(pkg.sale_price ?? pkg.price);
  };

  const submit = () => {
    if (!packageId) return;
    grant.mutate(
      {
        class_package_id: Number(packageId),
        package_days: days === "" ? null : Number(days),
        is_gift: gift,
        payment_method_id: methodId ? Number(methodId) : null,
        bill: gift ? 0 : Number(bill) || 0,
      },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setPackageId(null);
          setDays("");
          setGift(false);
          setMethodId(null);
          setBill(0);
          onDone();
        },
        onError: notifyError,
      },
    );
  };

  return {
    packages: packages.data?.class_packages,
    methods: methods.data?.payment_methods,
    packageId,
    choose,
    days,
    setDays,
    gift,
    setGift,
    methodId,
    setMethodId,
    bill,
    setBill,
    submit,
    submitting: grant.isPending,
  };
}
