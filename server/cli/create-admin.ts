/**
 * `npm run admin:create -- correo@estudio.mx contraseña "Nombre"`: creates an owner login (decision
 * 0031: the old "admin"), or makes an existing login an owner. Uses the same database settings as
 * the server. The browser offers the same for the first owner of an empty studio (/admin).
 */

import { createLogin, setRole } from "../auth/auth-users";
import { loadConfig } from "../config";
import { startApp } from "../start-app";

async function main() {
  const [email, password, ...nameParts] = process.argv.slice(2);
  if (!email?.includes("@")) {
    console.error('Uso: npm run admin:create -- correo@estudio.mx contraseña "Nombre"');
    process.exit(1);
  }
  const app = await startApp({ ...loadConfig(), LOG_LEVEL: "warn" }, { logger: false, seed: false });
  try {
    if (await setRole(app, email, "owner")) {
      console.log(`${email} ahora es propietario del estudio.`);
    } else {
      if (!password || password.length < 6) {
        console.error("La contraseña debe tener al menos 6 caracteres.");
        process.exitCode = 1;
        return;
      }
      await createLogin(app, {
        email,
        password,
        name: nameParts.join(" ") || "Propietario",
        role: "owner",
      });
      console.log(`Propietario ${email} creado.`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
