import {
  Alert,
  Button,
  Checkbox,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  TypographyStylesProvider,
} from "@mantine/core";
import { useState } from "react";
import type { z } from "zod";
import type { waiverVersionOut } from "../../../../domain/api/waivers";
import { t } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import type { SignBody } from "../api";
import { waiversCopy as c } from "../copy";
import { SignaturePad } from "./signature-pad";

type Version = z.input<typeof waiverVersionOut>;

/**
 * The waiver's text and its signature: full name, "leí y acepto", and a drawn signature or the
 * typed name. Used by the customer's own page and by the desk's tablet.
 */
export function SignWaiverForm({
  waiver,
  defaultName = "",
  submitting,
  onSign,
}: {
  waiver: Version;
  defaultName?: string;
  submitting: boolean;
  onSign: (body: SignBody) => Promise<unknown>;
}) {
  const [name, setName] = useState(defaultName);
  const [accepted, setAccepted] = useState(false);
  const [typed, setTyped] = useState(false);
  const [png, setPng] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (name.trim().length < 3) next.signer_name = t("waiverNameRequired");
    if (!accepted) next.accepted = t("waiverAcceptRequired");
    if (!typed && !png) next.signature_png = t("waiverSignatureRequired");
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;
    try {
      await onSign({
        waiver_version_id: waiver.waiver_version_id,
        signer_name: name.trim(),
        method: typed ? "typed" : "drawn",
        ...(typed ? {} : { signature_png: png ?? undefined }),
        accepted: true,
      });
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={2} size="h3">
            {waiver.title}
          </Title>
          <Text size="sm" c="dimmed">
            {c.version(waiver.version)}
          </Text>
        </div>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <TypographyStylesProvider>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the waiver's HTML on save and on read */}
            <div data-testid="waiver-text" dangerouslySetInnerHTML={{ __html: waiver.body_html }} />
          </TypographyStylesProvider>
        </ScrollArea.Autosize>
        <TextInput
          label={c.nameLabel}
          description={c.nameHelp}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.signer_name}
          autoComplete="name"
          required
        />
        <Checkbox
          label={c.accept}
          checked={accepted}
          onChange={(e) => setAccepted(e.currentTarget.checked)}
          error={errors.accepted}
        />
        <Checkbox
          label={c.typedInstead}
          description={c.typedHelp}
          checked={typed}
          onChange={(e) => setTyped(e.currentTarget.checked)}
        />
        {typed ? (
          <Text ff="serif" fs="italic" fz={28} aria-hidden>
            {name || "—"}
          </Text>
        ) : (
          <SignaturePad onChange={setPng} error={errors.signature_png} />
        )}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" size="md" loading={submitting}>
          {c.sign}
        </Button>
      </Stack>
    </form>
  );
}
