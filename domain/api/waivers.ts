import { z } from "zod";
import { t } from "../messages";
import { SIGNATURE_METHODS, WAIVER_ENFORCEMENTS } from "../waivers";
import { isoDate } from "./wire";

/** The carta responsiva (server/modules/waivers, decision 0099): versions, signatures, status. */

export const waiverVersionOut = z.object({
  waiver_version_id: z.number(),
  version: z.number(),
  title: z.string(),
  /** Sanitised like content pages (only the tags of domain/content.ts). */
  body_html: z.string(),
  text_sha256: z.string(),
  published_at: isoDate,
});

export const waiverState = z.enum(["not_required", "signed", "outdated", "missing"]);

export const currentWaiverAnswer = z.object({
  enforcement: z.enum(WAIVER_ENFORCEMENTS),
  waiver: waiverVersionOut.nullable(),
});

export const mySignatureOut = z.object({
  waiver_signature_id: z.number(),
  version: z.number(),
  signer_name: z.string(),
  signed_at: isoDate,
  /** The signed copy (PDF) of this signature, for its signer. */
  pdf_url: z.string(),
});

export const myWaiverAnswer = currentWaiverAnswer.extend({
  state: waiverState,
  signatures: z.array(mySignatureOut),
});

export const signWaiverBody = z
  .object({
    waiver_version_id: z.coerce.number().int().positive(),
    signer_name: z
      .string()
      .trim()
      .min(3, { message: t("waiverNameRequired") })
      .max(120, { message: t("waiverNameRequired") }),
    method: z.enum(SIGNATURE_METHODS),
    /** A PNG data URL of the canvas, for `drawn`. */
    signature_png: z.string().max(420_000).optional(),
    /** The signer says they read the text (the checkbox above the signature). */
    accepted: z.literal(true, { message: t("waiverAcceptRequired") }),
  })
  .refine((b) => b.method === "typed" || Boolean(b.signature_png), {
    message: t("waiverSignatureRequired"),
    path: ["signature_png"],
  });

export const signedWaiverAnswer = z.object({
  message: z.string(),
  signature: mySignatureOut,
});

export const publishWaiverBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: t("waiverTitleRequired") })
    .max(200),
  body_html: z.string().max(100_000),
});

export const adminWaiverVersionOut = waiverVersionOut.extend({ signatures: z.number() });
export const adminWaiversAnswer = z.object({
  enforcement: z.enum(WAIVER_ENFORCEMENTS),
  versions: z.array(adminWaiverVersionOut),
});
export const publishedWaiverAnswer = z.object({ message: z.string(), waiver: waiverVersionOut });

export const adminSignatureOut = z.object({
  waiver_signature_id: z.number(),
  version: z.number(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  signer_name: z.string(),
  method: z.enum(SIGNATURE_METHODS),
  signed_at: isoDate,
  ip: z.string().nullable(),
  collected_by: z.string().nullable(),
  pdf_url: z.string(),
});
export const adminSignaturesAnswer = z.object({ signatures: z.array(adminSignatureOut) });

export const customerWaiverAnswer = z.object({
  state: waiverState,
  waiver: waiverVersionOut.nullable(),
  signatures: z.array(adminSignatureOut),
});

/** The desk collects a signature on its tablet: the same body, for the customer of the path. */
export const deskSignWaiverBody = signWaiverBody;
