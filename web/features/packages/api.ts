import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** A class package as GET /api/class_packages serves it (money as numbers). */
export interface ClassPackage {
  class_package_id: number;
  title: string;
  price: number;
  sale_price: number | null;
  description: string | null;
  short_description: string | null;
  image: string | null;
  class_amount: number;
  expiration_days: number | null;
  is_special_event: boolean;
  is_trial: boolean;
  is_subscription: boolean;
  is_online: boolean;
  is_unlimited_membership: boolean;
  subscription_period: string | null;
  subscription_interval: number | null;
  free_trial_length: number | null;
  free_trial_period: string | null;
  limit_per_customer: number | null;
  people_limit: number | null;
  allow_discount_over_sale_price: boolean;
  downloadable: { name: string; type: string } | null;
}

export const packagesKey = ["class_packages"] as const;

export function usePackages() {
  return useQuery({
    queryKey: packagesKey,
    queryFn: ({ signal }) => api.get<{ class_packages: ClassPackage[] }>("/class_packages", { signal }),
    select: (data) => data.class_packages,
  });
}

export function usePackage(id: number) {
  return useQuery({
    queryKey: [...packagesKey, id],
    queryFn: ({ signal }) => api.get<{ class_package: ClassPackage }>(`/class_packages/${id}`, { signal }),
    select: (data) => data.class_package,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
