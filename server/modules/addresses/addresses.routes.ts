import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressAnswer,
  addressDeletedAnswer,
  addressesAnswer,
  changeAddressBody,
  createAddressBody,
} from "../../../domain/api/customers";
import { idParams } from "../../../domain/api/wire";
import { currentCustomerId, requireUser } from "../../auth/auth";
import {
  createMyAddress,
  deleteMyAddress,
  getMyAddress,
  myAddress,
  updateMyAddress,
} from "./addresses.service";

const tags = ["direcciones"];

/** The signed-in customer's billing address ('Dirección de Facturación'). Never anyone else's. */
const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/addresses",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Mis direcciones (a lo más una)",
        response: { 200: addressesAnswer },
      },
    },
    async (request) => {
      const address = await myAddress(app.db, await currentCustomerId(request));
      return { addresses: address ? [address] : [] };
    },
  );

  app.get(
    "/addresses/:id",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Una dirección propia",
        params: idParams,
        response: { 200: addressAnswer },
      },
    },
    async (request) => ({
      address: await getMyAddress(app.db, await currentCustomerId(request), request.params.id),
    }),
  );

  app.post(
    "/addresses",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Crea mi dirección de facturación",
        body: createAddressBody,
        response: { 201: addressAnswer },
      },
    },
    async (request, reply) => {
      const address = await createMyAddress(app.db, await currentCustomerId(request), request.body);
      return reply.status(201).send({ address });
    },
  );

  app.put(
    "/addresses",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Edita mi dirección (address_id en el cuerpo)",
        body: changeAddressBody,
        response: { 200: addressAnswer },
      },
    },
    async (request) => {
      const { address_id, ...values } = request.body;
      return { address: await updateMyAddress(app.db, await currentCustomerId(request), address_id, values) };
    },
  );

  app.delete(
    "/addresses/:id",
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Borra mi dirección",
        params: idParams,
        response: { 200: addressDeletedAnswer },
      },
    },
    async (request) => {
      await deleteMyAddress(app.db, await currentCustomerId(request), request.params.id);
      return { deleted: true as const };
    },
  );
};

export default addressesRoutes;
