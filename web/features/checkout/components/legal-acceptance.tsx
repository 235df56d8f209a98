import { Anchor, Checkbox } from "@mantine/core";
import { useId } from "react";
import { Link } from "react-router";
import { checkboxErrorProps } from "../../../lib/field-errors";
import { checkoutCopy } from "../copy";

/** The legal checkbox Pay asks for: "Acepto …" with a link to each required page. */
export function LegalAcceptance({
  pages,
  accepted,
  onChange,
  error,
}: {
  pages: { page_id: number; slug: string; title: string }[];
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <Checkbox
      checked={accepted}
      onChange={(e) => onChange(e.currentTarget.checked)}
      {...checkboxErrorProps(id, error)}
      label={
        <>
          {`${checkoutCopy.acceptLegal} `}
          {pages.map((p, i) => (
            <span key={p.page_id}>
              {i > 0 ? (i === pages.length - 1 ? ` ${checkoutCopy.and} ` : ", ") : ""}
              <Anchor component={Link} to={`/${p.slug}`} target="_blank">
                {p.title}
              </Anchor>
            </span>
          ))}
        </>
      }
    />
  );
}
