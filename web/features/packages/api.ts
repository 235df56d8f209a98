import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { classPackageAnswer, classPackagesAnswer } from "../../../domain/api/packages";
import { api } from "../../lib/api-client";
import { packageKeys } from "./query-keys";

/** A class package as GET /api/class_packages serves it (money as numbers). */
export type { ClassPackage } from "../../../domain/api/packages";

export function usePackages() {
  return useQuery({
    queryKey: packageKeys.all,
    queryFn: ({ signal }) => api.get<z.input<typeof classPackagesAnswer>>("/class_packages", { signal }),
    select: (data) => data.class_packages,
  });
}

export function usePackage(id: number) {
  return useQuery({
    queryKey: packageKeys.one(id),
    queryFn: ({ signal }) => api.get<z.input<typeof classPackageAnswer>>(`/class_packages/${id}`, { signal }),
    select: (data) => data.class_package,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
