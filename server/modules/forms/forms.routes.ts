import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  customFieldAnswer,
  customFieldsAnswer,
  customFieldsQuery,
  deletedAnswer,
  fieldIn,
  fieldUpdateIn,
  fieldValuesAnswer,
  fieldValuesBody,
  formAnswer,
  formIn,
  formsAnswer,
  formUpdateIn,
  savedFieldAnswer,
  savedFormAnswer,
} from "../../../domain/api/forms";
import { idParams } from "../../../domain/api/wire";
import { notFound } from "../../../domain/errors";
import { currentCustomerId, requireAdmin, requireUser } from "../../auth/auth";
import {
  deleteCustomField,
  deleteForm,
  findCustomField,
  findForm,
  insertCustomField,
  insertForm,
  listCustomFields,
  listForms,
  updateCustomField,
  updateForm,
} from "./forms.repository";
import { customerFields, customerValues, missingFieldsFor, saveCustomerValues } from "./forms.service";

const withId = <T extends { custom_field_id: number }>(row: T) => ({ ...row, id: row.custom_field_id });

/**
 * Dynamic forms (docs/product-rules.md#forms): definitions are public (the sign-up form shows them
 * to visitors), changes are admin-only, and a customer reads and writes only their own values.
 */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/forms",
    {
      schema: {
        tags: ["formularios"],
        summary: "Formularios con sus campos",
        response: { 200: formsAnswer },
      },
    },
    async () => ({
      forms: (await listForms(app.db)).map((f) => ({ ...f, form_fields: f.form_fields.map(withId) })),
    }),
  );

  app.get(
    "/forms/:id",
    {
      schema: {
        tags: ["formularios"],
        summary: "Un formulario",
        params: idParams,
        response: { 200: formAnswer },
      },
    },
    async (request) => {
      const form = await findForm(app.db, request.params.id);
      if (!form) throw notFound();
      return { form: { ...form, form_fields: form.form_fields.map(withId) } };
    },
  );

  app.post(
    "/forms",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["formularios"],
        summary: "Crea un formulario (admin)",
        body: formIn,
        response: { 201: savedFormAnswer },
      },
    },
    async (request, reply) => reply.status(201).send({ form: await insertForm(app.db, request.body) }),
  );

  app.put(
    "/forms",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["formularios"],
        summary: "Edita un formulario (admin)",
        body: formUpdateIn,
        response: { 200: savedFormAnswer },
      },
    },
    async (request) => {
      const { form_id, ...values } = request.body;
      const form = await updateForm(app.db, form_id, values);
      if (!form) throw notFound();
      return { form };
    },
  );

  app.delete(
    "/forms/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["formularios"],
        summary: "Borra un formulario (admin)",
        params: idParams,
        response: { 200: deletedAnswer },
      },
    },
    async (request) => {
      if (!(await deleteForm(app.db, request.params.id))) throw notFound();
      return { deleted: true as const };
    },
  );

  app.get(
    "/custom_fields",
    {
      schema: {
        tags: ["formularios"],
        summary: "Campos personalizados por tipo de objeto, ordenados por paso y orden",
        querystring: customFieldsQuery,
        response: { 200: customFieldsAnswer },
      },
    },
    async (request) => ({ custom_fields: (await listCustomFields(app.db, request.query)).map(withId) }),
  );

  app.get(
    "/custom_fields/:id",
    {
      schema: {
        tags: ["formularios"],
        summary: "Un campo personalizado",
        params: idParams,
        response: { 200: customFieldAnswer },
      },
    },
    async (request) => {
      const field = await findCustomField(app.db, request.params.id);
      if (!field) throw notFound();
      return { custom_field: withId(field) };
    },
  );

  app.post(
    "/custom_fields",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["formularios"],
        summary: "Crea un campo (admin)",
        body: fieldIn,
        response: { 201: savedFieldAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const field = await insertCustomField(app.db, { ...body, name: body.name ?? body.key });
      return reply.status(201).send({ custom_field: withId(field) });
    },
  );

  app.put(
    "/custom_fields",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["formularios"],
        summary: "Edita un campo (admin)",
        body: fieldUpdateIn,
        response: { 200: savedFieldAnswer },
      },
    },
    async (request) => {
      const { custom_field_id, ...values } = request.body;
      const field = await updateCustomField(app.db, custom_field_id, values);
      if (!field) throw notFound();
      return { custom_field: withId(field) };
    },
  );

  app.delete(
    "/custom_fields/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["formularios"],
        summary: "Borra un campo (admin)",
        params: idParams,
        response: { 200: deletedAnswer },
      },
    },
    async (request) => {
      if (!(await deleteCustomField(app.db, request.params.id))) throw notFound();
      return { deleted: true as const };
    },
  );

  app.get(
    "/customer_field_values",
    {
      onRequest: requireUser,
      schema: {
        tags: ["formularios"],
        summary: "Mis respuestas a los campos personalizados y los obligatorios que faltan",
        response: { 200: fieldValuesAnswer },
      },
    },
    async (request) => {
      const customerId = await currentCustomerId(request);
      const fields = await customerFields(app.db);
      const values = await customerValues(app.db, customerId, fields);
      const missing = await missingFieldsFor(app.db, customerId);
      return { values, missing: missing.map(({ key, label }) => ({ key, label })) };
    },
  );

  app.put(
    "/customer_field_values",
    {
      onRequest: requireUser,
      schema: {
        tags: ["formularios"],
        summary: "Guarda mis respuestas (se valida el formulario completo)",
        body: fieldValuesBody,
        response: { 200: fieldValuesAnswer },
      },
    },
    async (request) => {
      const customerId = await currentCustomerId(request);
      const values = await app.db.transaction((tx) =>
        saveCustomerValues(tx, customerId, request.body.values),
      );
      const missing = await missingFieldsFor(app.db, customerId);
      return { values, missing: missing.map(({ key, label }) => ({ key, label })) };
    },
  );
};

export default formsRoutes;
