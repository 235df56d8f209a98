import { formatMoney } from "../../../domain/format";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox processor's hosted payment page: plain HTML, a stylesheet in a <style> element
 * (the CSP allows inline styles, never inline scripts) and a form that posts to the same signed
 * URL. It works without JavaScript, as a processor's fallback page does.
 */
export function sandboxSessionPage(input: {
  action: string;
  title: string;
  amount_cents: number;
  cancel_url: string;
  error?: string;
  values?: { number?: string; exp?: string };
}): string {
  const amount = formatMoney(input.amount_cents / 100);
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : "";
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pago seguro · Sandbox</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.1rem; margin: 0 0 4px; }
  .amount { font-size: 1.8rem; font-weight: 700; margin: 4px 0 20px; }
  label { display: block; font-size: .85rem; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px 12px; font-size: 1rem; border: 1px solid #c9ccd1; border-radius: 8px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 20px; padding: 12px; font-size: 1rem; font-weight: 600; color: #fff; background: #1f2328; border: 0; border-radius: 8px; cursor: pointer; }
  .error { background: #fdecea; color: #a4221b; padding: 10px 12px; border-radius: 8px; }
  .note { font-size: .8rem; color: #5b6168; margin-top: 16px; }
  a { color: #5b6168; }
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; min-height: 100vh; } }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(input.title)}</h1>
  <p class="amount">${escapeHtml(amount)}</p>
  ${error}
  <form method="post" action="${escapeHtml(input.action)}">
    <label for="number">Número de tarjeta</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" value="${escapeHtml(input.values?.number ?? "")}" placeholder="4242 4242 4242 4242">
    <div class="row">
      <div><label for="exp">Vencimiento</label>
      <input id="exp" name="exp" autocomplete="cc-exp" required maxlength="7" placeholder="MM/AA" value="${escapeHtml(input.values?.exp ?? "")}"></div>
      <div><label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div>
    </div>
    <button type="submit">Pagar ${escapeHtml(amount)}</button>
  </form>
  <p class="note">Procesador de pruebas: no se hace ningún cargo real. <a href="${escapeHtml(input.cancel_url)}">Cancelar y volver</a></p>
</main>
</body>
</html>`;
}
