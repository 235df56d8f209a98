import { AppError } from "../../../domain/errors";
import { PaypalError } from "../../payments/paypal";

/** A processor that is down or refuses our request is a 502 with a Spanish message, never a bare 500. */
export async function providerCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaypalError) throw AppError.of("PAYMENT_PROVIDER_ERROR");
    throw error;
  }
}
