import { describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { ApiError } from "./api-client";
import {
  apiFieldErrors,
  emailProblem,
  firstInvalidField,
  formMessage,
  issueErrors,
  requiredErrors,
} from "./field-errors";

describe("field errors (decision 0030)", () => {
  it("asks to fill an empty address before judging its shape", () => {
    expect(emailProblem("")).toBe("Debes llenar este campo.");
    expect(emailProblem("   ")).toBe(messages.fieldRequired);
    expect(emailProblem("ana@")).toBe(messages.emailInvalid);
    expect(emailProblem(" ana@estudio.mx ")).toBeNull();
  });

  it("marks blank text, null and empty lists as missing, and only the keys asked for", () => {
    expect(
      requiredErrors({ a: " ", b: null, c: [], d: "x", e: 0, f: false, g: "" }, [
        "a",
        "b",
        "c",
        "d",
        "e",
        "f",
      ]),
    ).toEqual({ a: messages.fieldRequired, b: messages.fieldRequired, c: messages.fieldRequired });
  });

  it("keeps the first Zod message per top-level key", () => {
    expect(
      issueErrors([
        { path: ["city"], message: messages.cityRequired },
        { path: ["city", "x"], message: "otra" },
        { path: [], message: "todo" },
      ]),
    ).toEqual({ city: messages.cityRequired, _: "todo" });
  });

  it("lands a server 400 on the fields it names, custom fields without their prefix", () => {
    const error = new ApiError(400, "VALIDATION_ERROR", messages.checkFields, {
      phone: messages.phoneFormat,
      "fields.talla": messages.selectRequired,
      newPassword: "corta",
    });
    expect(apiFieldErrors(error, { newPassword: "password" })).toEqual({
      phone: messages.phoneFormat,
      talla: messages.selectRequired,
      password: "corta",
    });
    expect(apiFieldErrors(new ApiError(401, "INVALID_PASSWORD", "Contraseña incorrecta"))).toBeNull();
    expect(apiFieldErrors(new Error("x"))).toBeNull();
  });

  it("does not repeat above the form the sentence already next to its one field", () => {
    const one = new ApiError(400, "VALIDATION_ERROR", messages.phoneFormat, { phone: messages.phoneFormat });
    const many = new ApiError(400, "VALIDATION_ERROR", messages.checkFields, {
      phone: messages.phoneFormat,
      name: messages.nameRequired,
    });
    expect(formMessage(one)).toBeNull();
    expect(formMessage(many)).toBe(messages.checkFields);
    expect(formMessage(new ApiError(401, "X", "Contraseña incorrecta"))).toBe("Contraseña incorrecta");
    expect(formMessage(null)).toBeNull();
  });

  it("finds the first field marked invalid in reading order", () => {
    const field = { id: "phone" } as unknown as HTMLElement;
    const asked: string[] = [];
    const root = {
      querySelector: (selector: string) => {
        asked.push(selector);
        return field;
      },
    } as unknown as ParentNode;
    expect(firstInvalidField(root)).toBe(field);
    expect(asked).toEqual([`[aria-invalid="true"], [data-invalid="true"]`]);
    expect(firstInvalidField(null)).toBeNull();
  });
});
