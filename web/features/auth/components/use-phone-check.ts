import { useEffect, useState } from "react";
import { isValidPhone } from "../../../../domain/customers";
import { messages } from "../../../../domain/messages";
import { phoneExists } from "../api";

/** Phone rule checked 1000 ms after typing stops: format first, then whether it is already used. */
export function usePhoneCheck(phone: string): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setProblem(null);
    if (!phone) return;
    let live = true;
    const timer = window.setTimeout(async () => {
      if (!isValidPhone(phone)) return live && setProblem(messages.phoneFormat);
      const used = await phoneExists(phone).catch(() => false);
      if (live && used) setProblem(messages.phoneInUse);
    }, 1000);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [phone]);
  return problem;
}
