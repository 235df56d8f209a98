import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../../domain/errors";
import { FIELD_TYPES } from "../../../domain/forms";
import { currentCustomerId, requireAdmin, requireUser } from "../../plugins/auth";
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

const fieldOut = z.object({
  custom_field_id: z.number(),
  id: z.number(),
  form_id: z.number().nullable(),
  key: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  order: z.number(),
  step: z.number(),
  required: z.boolean(),
  options: z.string().nullable(),
  className: z.string().nullable(),
  precondition: z.string().nullable(),
  object: z.string(),
});
const formOut = z.object({
  form_id: z.number(),
  name: z.string(),
  object: z.string(),
  form_fields: z.array(fieldOut),
});
const fieldIn = z.object({
  form_id: z.number().int().positive().nullish(),
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,60}$/i),
  name: z.string().trim().min(1).max(100).optional(),
  label: z.string().trim().min(1).max(300),
  type: z.enum(FIELD_TYPES),
  order: z.number().int().default(0),
  step: z.number().int().min(1).default(1),
  required: z.boolean().default(false),
  options: z.string().max(2000).nullish(),
  className: z.string().max(200).nullish(),
  precondition: z.string().max(200).nullish(),
  object: z.string().trim().min(1).max(60).default("customer"),
});
const formIn = z.object({
  name: z.string().trim().min(1).max(200),
  object: z.string().trim().min(1).max(60),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const missingOut = z.array(z.object({ key: z.string(), label: z.string() }));

const withId = <T extends { custom_field_id: number }>(row: T) => ({ ...row, id: row.custom_field_id });

/**
 * Dynamic forms (seed 000 §3 and §5): definitions are public (the sign-up form shows them to
 * visitors), changes are admin-only, and a customer reads and writes only their own values.
 */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/forms",
    {
      schema: {
        tags: ["formularios"],
        summary: "Formularios con sus campos",
        response: { 200: z.object({ forms: z.array(formOut) }) },
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
        response: { 200: z.object({ form: formOut }) },
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
      schema: { tags: ["formularios"], summary: "Crea un formulario (admin)", body: formIn },
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
        body: formIn.extend({ form_id: z.number().int().positive() }),
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
      schema: { tags: ["formularios"], summary: "Borra un formulario (admin)", params: idParams },
    },
    async (request) => {
      if (!(await deleteForm(app.db, request.params.id))) throw notFound();
      return { deleted: true };
    },
  );

  app.get(
    "/custom_fields",
    {
      schema: {
        tags: ["formularios"],
        summary: "Campos personalizados por tipo de objeto, ordenados por paso y orden",
        querystring: z.object({
          object: z.string().max(60).optional(),
          form_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: z.object({ custom_fields: z.array(fieldOut) }) },
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
        response: { 200: z.object({ custom_field: fieldOut }) },
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
      schema: { tags: ["formularios"], summary: "Crea un campo (admin)", body: fieldIn },
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
        body: fieldIn.partial().extend({ custom_field_id: z.number().int().positive() }),
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
      schema: { tags: ["formularios"], summary: "Borra un campo (admin)", params: idParams },
    },
    async (request) => {
      if (!(await deleteCustomField(app.db, request.params.id))) throw notFound();
      return { deleted: true };
    },
  );

  app.get(
    "/customer_field_values",
    {
      onRequest: requireUser,
      schema: {
        tags: ["formularios"],
        summary: "Mis respuestas a los campos personalizados y los obligatorios que faltan",
        response: { 200: z.object({ values: z.record(z.string(), z.unknown()), missing: missingOut }) },
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
        body: z.object({ values: z.record(z.string().max(100), z.unknown()) }),
        response: { 200: z.object({ values: z.record(z.string(), z.unknown()), missing: missingOut }) },
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
