import { Anchor, Checkbox } from "@mantine/core";
import { Fragment, useId } from "react";
import { Link } from "react-router";
import { checkboxErrorProps } from "../../../lib/field-errors";
import type { useSignupPages } from "../api";
import { authCopy } from "../copy";

/** The studio's pages a new customer accepts, each opening in a new tab. */
type SignupPage = NonNullable<ReturnType<typeof useSignupPages>["data"]>[number];

/** "Acepto …": the box a new customer ticks when the studio publishes terms to accept. */
export function SignupTerms({
  pages,
  checked,
  error,
  onChange,
}: {
  pages: SignupPage[];
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const termsId = useId();
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      {...checkboxErrorProps(termsId, error)}
      label={
        <>
          {authCopy.acceptPrefix}{" "}
          {pages.map((p, i) => (
            <Fragment key={p.page_id}>
              {i > 0 ? ` ${authCopy.and} ` : null}
              <Anchor component={Link} to={`/${p.slug}`} target="_blank" inherit>
                {p.title}
              </Anchor>
            </Fragment>
          ))}
        </>
      }
    />
  );
}
