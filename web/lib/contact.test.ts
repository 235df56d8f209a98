import { describe, expect, it } from "vitest";
import { internalPath, socialUrl, whatsappUrl } from "./contact";

describe("contact links", () => {
  it("builds WhatsApp links with the 52 prefix once", () => {
    expect(whatsappUrl("55 1234 5678")).toBe("https://wa.me/525512345678");
    expect(whatsappUrl("+52 (55) 1234-5678")).toBe("https://wa.me/525512345678");
    expect(whatsappUrl("5215512345678")).toBe("https://wa.me/525512345678");
    expect(whatsappUrl("")).toBe("");
  });

  it("accepts URLs or handles for social networks", () => {
    expect(socialUrl("instagram", "@mi.estudio")).toBe("https://www.instagram.com/mi.estudio");
    expect(socialUrl("tiktok", "miestudio")).toBe("https://www.tiktok.com/@miestudio");
    expect(socialUrl("facebook", "https://facebook.com/x")).toBe("https://facebook.com/x");
    expect(socialUrl("facebook", "facebook.com/x")).toBe("https://facebook.com/x");
  });

  it("tells internal links from external ones", () => {
    const origin = "https://estudio.mx";
    expect(internalPath("/paquetes", origin)).toBe("/paquetes");
    expect(internalPath("https://estudio.mx/avisos?x=1#a", origin)).toBe("/avisos?x=1#a");
    expect(internalPath("https://otro.mx/promo", origin)).toBeNull();
    expect(internalPath("//otro.mx/promo", origin)).toBeNull();
  });
});
