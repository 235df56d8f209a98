import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addToHomeListBody,
  classPackageAnswer,
  classPackagesAnswer,
  homeListPackageParams,
  homeListParams,
  paquetesAnswer,
} from "../../../domain/api/packages";
import { idParams, messageAnswer } from "../../../domain/api/wire";
import { notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import { requireAdmin } from "../../auth/auth";
import { checkSettingsWith } from "../app-config/settings-checks";
import {
  addPackageToHome,
  getHomePackages,
  getPackage,
  getPackages,
  removePackageFromHome,
} from "./packages.service";

const tags = ["paquetes"];

/**
 * Class packages and the home lists. Clients read `paquetes` for the online and in-person lists
 * and `class_packages` for special events: both keys are kept as the published contract has them.
 */
import { assertPackageSettings } from "./package-settings";

const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The settings that name a package are checked here, where packages are known (decision 0093).
  checkSettingsWith(app.db, (changes) => assertPackageSettings(app.db, changes));
  app.get(
    "/class_packages",
    { schema: { tags, summary: "Paquetes a la venta", response: { 200: classPackagesAnswer } } },
    async () => ({ class_packages: await getPackages(app.db) }),
  );

  app.get(
    "/class_packages/admin/all",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Todos los paquetes (admin), incluso los no disponibles",
        response: { 200: classPackagesAnswer },
      },
    },
    async () => ({ class_packages: await getPackages(app.db, { admin: true }) }),
  );

  for (const kind of ["online", "presenciales"] as const) {
    app.get(
      `/class_packages/${kind}/all`,
      { schema: { tags, summary: `Paquetes ${kind}`, response: { 200: paquetesAnswer } } },
      async () => ({ paquetes: await getPackages(app.db, { kind }) }),
    );
    app.get(
      `/class_packages/${kind}/home`,
      { schema: { tags, summary: `Paquetes ${kind} del home`, response: { 200: paquetesAnswer } } },
      async () => ({ paquetes: await getHomePackages(app.db, kind) }),
    );
  }
  app.get(
    "/class_packages/especiales/all",
    { schema: { tags, summary: "Eventos especiales", response: { 200: classPackagesAnswer } } },
    async () => ({ class_packages: await getPackages(app.db, { kind: "especiales" }) }),
  );
  app.get(
    "/class_packages/especiales/home",
    { schema: { tags, summary: "Eventos especiales del home", response: { 200: classPackagesAnswer } } },
    async () => ({ class_packages: await getHomePackages(app.db, "especiales") }),
  );

  app.get(
    "/class_packages/:id",
    {
      schema: {
        tags,
        summary: "Un paquete",
        params: idParams,
        response: { 200: classPackageAnswer },
      },
    },
    async (request) => {
      const user = await request.getUser();
      return {
        class_package: await getPackage(app.db, request.params.id, { admin: user?.role === "admin" }),
      };
    },
  );

  app.post(
    "/class_packages/:list/home",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Agrega un paquete a una lista del home (admin)",
        params: homeListParams,
        body: addToHomeListBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await addPackageToHome(app.db, request.params.list, request.body.class_package_id, request.body.order);
      return { message: t("packageAddedHome") };
    },
  );

  app.delete(
    "/class_packages/:list/home/:id",
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: "Quita un paquete de una lista del home (admin)",
        params: homeListPackageParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      if (!(await removePackageFromHome(app.db, request.params.list, request.params.id))) throw notFound();
      return { message: t("packageRemovedHome") };
    },
  );
};

export default packagesRoutes;
