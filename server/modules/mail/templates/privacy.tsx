import { type Brand, siteLink } from "./brand";
import { Layout, P } from "./layout";
import { renderMail } from "./render";

type ClosureProps = { brand: Brand; who: string; email: string; customerId: number };

/** To the studio's contact address: a customer asked to close the account (ARCO). */
export function ClosureRequest({ brand, who, email, customerId }: ClosureProps) {
  return (
    <Layout
      brand={brand}
      title="Solicitud de cierre de cuenta"
      preview={`${who} pidió cerrar su cuenta.`}
      action={{ label: "Abrir su ficha", url: siteLink(brand, `/admin/clientes/${customerId}`) }}
    >
      <P>
        <strong>{who}</strong> ({email}) pidió cerrar su cuenta en {brand.name}.
      </P>
      <P>Confírmalo desde su ficha en el panel de administración.</P>
      <P>
        Al confirmarlo se borran sus datos personales; sus compras, cargos y asistencias se conservan sin su
        nombre.
      </P>
    </Layout>
  );
}

export const closureRequestEmail = (brand: Brand, props: Omit<ClosureProps, "brand">) =>
  renderMail(`Solicitud de cierre de cuenta: ${props.who}`, <ClosureRequest brand={brand} {...props} />);
