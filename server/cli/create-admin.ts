/**
 * `npm run admin:create -- correo@estudio.mx contraseña "Nombre"`: creates the first admin login,
 * or promotes an existing login to admin. Uses the same database settings as the server.
 */
import { loadConfig } from "../config";
import { createLogin, setRole } from "../plugins/auth-users";
import { startApp } from "../start-app";

async function main() {
  const [email, password, ...nameParts] = process.argv.slice(2);
  if (!email?.includes("@")) {
    console.error('Uso: npm run admin:create -- correo@estudio.mx contraseña "Nombre"');
    process.exit(1);
  }
  const app = await startApp({ ...loadConfig(), LOG_LEVEL: "warn" }, { logger: false, seed: false });
  try {
    if (await setRole(app, email, "admin")) {
      console.log(`${email} ahora es administrador.`);
    } else {
      if (!password || password.length < 6) {
        console.error("La contraseña debe tener al menos 6 caracteres.");
        process.exitCode = 1;
        return;
      }
      await createLogin(app, {
        email,
        password,
        name: nameParts.join(" ") || "Administrador",
        role: "admin",
      });
      console.log(`Administrador ${email} creado.`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
