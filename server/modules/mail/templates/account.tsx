import type { Brand } from "./brand";
import { Layout, P } from "./layout";
import { renderMail } from "./render";

/** better-auth's reset link (one hour). Transactional: no unsubscribe. */
export function PasswordReset({ brand, name, link }: { brand: Brand; name: string; link: string }) {
  return (
    <Layout
      brand={brand}
      title="Restablece tu contraseña"
      preview="Crea una nueva contraseña para tu cuenta."
      action={{ label: "Restablecer contraseña", url: link }}
    >
      <P>Hola {name}:</P>
      <P>Para crear una nueva contraseña abre este enlace (vence en una hora).</P>
      <P>Si no lo pediste, ignora este correo: tu contraseña no cambia.</P>
    </Layout>
  );
}

export const passwordResetEmail = (brand: Brand, props: { name: string; link: string }) =>
  renderMail("Restablece tu contraseña", <PasswordReset brand={brand} {...props} />);

type EmailChangeProps = {
  brand: Brand;
  name: string;
  link: string;
  hours: number;
  /** The studio's desk asked for it on the person's behalf (decision 0053). */
  byStudio?: boolean;
};

/** Sent to the new address: the change happens only when this link is opened. */
export function EmailChange({ brand, name, link, hours, byStudio = false }: EmailChangeProps) {
  return (
    <Layout
      brand={brand}
      title="Confirma tu nuevo correo"
      preview={
        byStudio
          ? `${brand.name} pidió usar este correo en tu cuenta.`
          : `Pediste usar este correo en tu cuenta de ${brand.name}.`
      }
      action={{ label: "Confirmar mi correo", url: link }}
    >
      <P>Hola {name}:</P>
      <P>
        {byStudio
          ? `El estudio ${brand.name} pidió usar este correo para entrar a tu cuenta.`
          : `Pediste usar este correo en tu cuenta de ${brand.name}.`}{" "}
        Para confirmarlo abre este enlace (vence en {hours === 1 ? "1 hora" : `${hours} horas`}).
      </P>
      <P>Hasta que lo abras seguirás entrando con tu correo actual. Si no lo pediste, ignora este mensaje.</P>
    </Layout>
  );
}

export const emailChangeEmail = (brand: Brand, props: Omit<EmailChangeProps, "brand">) =>
  renderMail("Confirma tu nuevo correo", <EmailChange brand={brand} {...props} />);

type EmailChangedProps = { brand: Brand; name: string; newEmail: string };

/** Sent to the old address once the change is made, so its owner can react. */
export function EmailChangedNotice({ brand, name, newEmail }: EmailChangedProps) {
  return (
    <Layout brand={brand} title="Tu correo cambió" preview={`Tu cuenta ahora usa ${newEmail}.`}>
      <P>Hola {name}:</P>
      <P>
        El correo de tu cuenta de {brand.name} ahora es {newEmail}.
      </P>
      <P>Si no fuiste tú, comunícate con el estudio.</P>
    </Layout>
  );
}

export const emailChangedNoticeEmail = (brand: Brand, props: Omit<EmailChangedProps, "brand">) =>
  renderMail("Tu correo cambió", <EmailChangedNotice brand={brand} {...props} />);

/**
 * Sent to the current address when the studio's desk asks to change it (decision 0053): nothing
 * has changed yet, and the person can stop it by telling the studio.
 */
export function EmailChangeRequestedNotice({ brand, name, newEmail }: EmailChangedProps) {
  return (
    <Layout
      brand={brand}
      title="Pidieron cambiar tu correo"
      preview={`El estudio pidió cambiar tu correo a ${newEmail}.`}
    >
      <P>Hola {name}:</P>
      <P>
        El estudio {brand.name} pidió que tu cuenta use el correo {newEmail}. El cambio solo ocurre si se
        confirma desde esa dirección; mientras tanto sigues entrando con este correo.
      </P>
      <P>Si no lo pediste, comunícate con el estudio.</P>
    </Layout>
  );
}

export const emailChangeRequestedNoticeEmail = (brand: Brand, props: Omit<EmailChangedProps, "brand">) =>
  renderMail("Pidieron cambiar tu correo", <EmailChangeRequestedNotice brand={brand} {...props} />);

type SignInNoticeProps = { brand: Brand; name: string; device: string; place: string | null; when: string };

/** A sign-in from a device this account had not used (decision 0056 §3). Transactional. */
export function NewSignInNotice({ brand, name, device, place, when }: SignInNoticeProps) {
  return (
    <Layout brand={brand} title="Nuevo inicio de sesión" preview={`Entraste a tu cuenta desde ${device}.`}>
      <P>Hola {name}:</P>
      <P>
        Alguien entró a tu cuenta de {brand.name} desde {device}
        {place ? ` (dirección ${place})` : ""} el {when}.
      </P>
      <P>
        Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña y cierra esa sesión desde Mi
        Información → Sesiones abiertas.
      </P>
    </Layout>
  );
}

export const newSignInNoticeEmail = (brand: Brand, props: Omit<SignInNoticeProps, "brand">) =>
  renderMail("Nuevo inicio de sesión en tu cuenta", <NewSignInNotice brand={brand} {...props} />);

type PasswordChangedProps = { brand: Brand; name: string; when: string };

/** The password of the account changed (a change or a reset; decision 0056 §3). Transactional. */
export function PasswordChangedNotice({ brand, name, when }: PasswordChangedProps) {
  return (
    <Layout brand={brand} title="Tu contraseña cambió" preview="La contraseña de tu cuenta cambió.">
      <P>Hola {name}:</P>
      <P>
        La contraseña de tu cuenta de {brand.name} cambió el {when}. Cerramos las demás sesiones abiertas.
      </P>
      <P>
        Si no fuiste tú, usa «¿Olvidaste tu contraseña?» para crear una nueva y comunícate con el estudio.
      </P>
    </Layout>
  );
}

export const passwordChangedNoticeEmail = (brand: Brand, props: Omit<PasswordChangedProps, "brand">) =>
  renderMail("Tu contraseña cambió", <PasswordChangedNotice brand={brand} {...props} />);

type StaffInvitationProps = {
  brand: Brand;
  /** The role as the studio names it ("Recepción", "Coach"...). */
  role: string;
  link: string;
  days: number;
  /** The address already has a login: it keeps its password. */
  existing: boolean;
};

/** The owner invites someone to the team: a single-use link. Transactional: no unsubscribe. */
export function StaffInvitation({ brand, role, link, days, existing }: StaffInvitationProps) {
  return (
    <Layout
      brand={brand}
      title={`Te invitaron al equipo de ${brand.name}`}
      preview={`Únete como ${role}.`}
      action={{ label: "Aceptar la invitación", url: link }}
    >
      <P>Hola:</P>
      <P>
        Te invitaron a unirte al equipo de {brand.name} como <strong>{role}</strong>. Para aceptar abre este
        enlace (vence en {days === 1 ? "1 día" : `${days} días`} y solo funciona una vez).
      </P>
      <P>
        {existing
          ? "Entra con tu cuenta de siempre: tu correo y tu contraseña no cambian."
          : "Al abrirlo eliges tu contraseña."}
      </P>
      <P>Si no esperabas esta invitación, ignora este correo.</P>
    </Layout>
  );
}

export const staffInvitationEmail = (brand: Brand, props: Omit<StaffInvitationProps, "brand">) =>
  renderMail(`Te invitaron al equipo de ${brand.name}`, <StaffInvitation brand={brand} {...props} />);
