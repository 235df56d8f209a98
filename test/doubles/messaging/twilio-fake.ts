import { startHttpFake } from "../payments/http-fake";

/**
 * An in-process stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json)
 * that checks the request as Twilio does for what we send: basic auth with the account SID, To in
 * E.164 (with "whatsapp:" on both sides for WhatsApp), From or MessagingServiceSid, a Body, and a
 * StatusCallback URL. `rateLimitNext` answers the next N requests with 429 (error 20429).
 */
export async function startTwilioFake(accountSid: string) {
  const state = { rateLimitNext: 0, sent: [] as Record<string, string>[] };
  let n = 0;
  const fake = await startHttpFake((req) => {
    if (req.method !== "POST" || req.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return undefined;
    const auth = Buffer.from(
      String(req.headers.authorization ?? "").replace(/^Basic /, ""),
      "base64",
    ).toString();
    if (!auth.startsWith(`${accountSid}:`))
      return { status: 401, body: { code: 20003, message: "Authenticate", status: 401 } };
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      return { status: 429, body: { code: 20429, message: "Too Many Requests", status: 429 } };
    }
    const { To, From, MessagingServiceSid, Body, StatusCallback } = req.form;
    const whatsapp = To?.startsWith("whatsapp:");
    if (!To || !/^(whatsapp:)?\+\d{8,15}$/.test(To))
      return {
        status: 400,
        body: { code: 21211, message: `The 'To' number ${To} is not a valid phone number.`, status: 400 },
      };
    if (!From && !MessagingServiceSid)
      return {
        status: 400,
        body: { code: 21603, message: "A 'From' phone number is required.", status: 400 },
      };
    if (From && whatsapp !== From.startsWith("whatsapp:"))
      return { status: 400, body: { code: 63007, message: "Channel mismatch", status: 400 } };
    if (!Body)
      return { status: 400, body: { code: 21602, message: "Message body is required.", status: 400 } };
    if (StatusCallback && !/^https?:\/\//.test(StatusCallback))
      return { status: 400, body: { code: 21609, message: "Invalid StatusCallback", status: 400 } };
    n++;
    state.sent.push(req.form);
    const sid = `SM${String(n).padStart(32, "0")}`;
    return {
      status: 201,
      body: {
        sid,
        status: "queued",
        to: To,
        from: From ?? null,
        body: Body,
        account_sid: accountSid,
        num_segments: "1",
      },
    };
  });
  return { ...fake, state };
}
