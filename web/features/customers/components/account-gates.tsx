import {
  Button,
  Checkbox,
  List,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TypographyStylesProvider,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { t } from "../../../../domain/messages";
import { clearWelcome, welcomePending } from "../../../components/welcome-state";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { type PendingPage, useAcceptPage, usePendingPages, useProfile } from "../api";
import { customersCopy as c } from "../copy";

/**
 * Terms modal (docs/product-rules.md#accounts): cannot be closed while a required page is pending.
 */
function TermsModal({ page }: { page: PendingPage }) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = useAcceptPage();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={page.title}
      size="lg"
      centered
    >
      <Stack>
        <ScrollArea.Autosize mah={500} type="auto">
          <TypographyStylesProvider>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: page HTML is sanitised by the server on save */}
            <div dangerouslySetInnerHTML={{ __html: page.content ?? "" }} />
          </TypographyStylesProvider>
        </ScrollArea.Autosize>
        <Checkbox
          label={`Acepto ${page.title}`}
          checked={checked}
          error={error}
          onChange={(e) => {
            setChecked(e.currentTarget.checked);
            setError(null);
          }}
        />
        <Button
          loading={accept.isPending}
          onClick={() => {
            if (!checked) return setError(t("mustAcceptPage", { page: page.title }));
            accept.mutate(page.page_id, { onSuccess: () => setChecked(false) });
          }}
        >
          {c.accept}
        </Button>
      </Stack>
    </Modal>
  );
}

/** 'Completar Información': shown at the account home while required profile fields are missing. */
function CompleteInfoModal({ missing }: { missing: string[] }) {
  const [opened, setOpened] = useState(true);
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title={t("completeInfoTitle")} centered>
      <Stack>
        <Text>{c.completeText}</Text>
        {/* A list, not a comma-joined line: field labels are often questions with their own commas. */}
        <List size="sm">
          {missing.map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
        <Button component={Link} to="/mystudio/informacion" onClick={() => setOpened(false)}>
          {t("completeInfoTitle")}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * A new account's first screen in the account area: where to start, before any
 * promotion (daily-promo-popup.tsx waits while the welcome is pending).
 */
function WelcomeModal({ onClose, missingInfo }: { onClose: () => void; missingInfo: boolean }) {
  const config = useAppConfig();
  const packages = `/mystudio/${packagesPathSegment(config)}`;
  return (
    <Modal opened onClose={onClose} title={c.welcomeTitle.replace("{studio}", config.name)} centered>
      <Stack>
        <Text>{c.welcomeText}</Text>
        <List type="ordered" spacing="xs">
          {missingInfo ? (
            <List.Item>
              <Link to="/mystudio/informacion" onClick={onClose}>
                {c.welcomeStepInfo}
              </Link>
            </List.Item>
          ) : null}
          <List.Item>{c.welcomeStepPackages}</List.Item>
          <List.Item>{c.welcomeStepCalendar}</List.Item>
        </List>
        <Button component={Link} to={packages} onClick={onClose}>
          {c.welcomePackages}
        </Button>
        <Button component={Link} to="/mystudio" variant="light" onClick={onClose}>
          {c.welcomeCalendar}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * Mounted by the account layout for customers: first the pending legal pages (one at a time),
 * then, on /mystudio itself, the complete-information reminder.
 */
export function AccountGates({ isCustomer }: { isCustomer: boolean }) {
  const { pathname } = useLocation();
  const pending = usePendingPages(isCustomer);
  const atHome = pathname === "/mystudio" || pathname === "/mystudio/";
  const profile = useProfile();
  // Read after mount: storage is the browser's, and the first render must match the server's.
  const [welcome, setWelcome] = useState<boolean | null>(null);
  // The welcome already points to the missing information: no second modal right after it.
  const [welcomedNow, setWelcomedNow] = useState(false);
  useEffect(() => setWelcome(welcomePending()), []);
  if (!isCustomer) return null;
  const page = pending.data?.[0];
  if (page) return <TermsModal key={page.page_id} page={page} />;
  const missing = profile.data?.missing_fields ?? [];
  if (welcome && pending.data && profile.data) {
    return (
      <WelcomeModal
        missingInfo={missing.length > 0}
        onClose={() => {
          clearWelcome();
          setWelcome(false);
          setWelcomedNow(true);
        }}
      />
    );
  }
  if (atHome && pending.data && missing.length > 0 && !welcomedNow)
    return <CompleteInfoModal missing={missing.map((m) => m.label)} />;
  return null;
}
