import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { SUBSTITUTE_STATUS_LABEL } from "../../../../domain/substitutes";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import {
  type SubstituteRequests,
  useAskSubstitute,
  useMyUpcomingClasses,
  useSubstituteRequests,
  useSubstituteStep,
} from "../api";
import { substitutesCopy as c } from "../copy";

type Request = SubstituteRequests["requests"][number];

const STATUS_COLOR = { open: "yellow.4", taken: "blue.9", approved: "teal.9", cancelled: "gray.7" } as const;

function RequestCard({ r }: { r: Request }) {
  const { timezone } = useAppConfig();
  const can = useStaffCan();
  const step = useSubstituteStep();
  const act = (s: "take" | "cancel" | "approve" | "decline") =>
    step
      .mutateAsync({ id: r.substitute_request_id, step: s })
      .then((a) => notifySuccess(a.message))
      .catch(notifyError);
  const k = r.single_class;
  return (
    <Card withBorder padding="sm" data-testid="substitute-request">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>
            {k.class_type.name} · {formatDateTime(k.class_date, timezone)}
            {k.location ? ` · ${k.location.name}` : ""}
          </Text>
          <Text size="sm">{c.askedBy(r.requested_by.name)}</Text>
          {r.taken_by ? <Text size="sm">{c.takenBy(r.taken_by.name)}</Text> : null}
          {r.note ? (
            <Text size="sm" c="dimmed">
              “{r.note}”
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge color={STATUS_COLOR[r.status]} autoContrast variant="filled">
            {SUBSTITUTE_STATUS_LABEL[r.status]}
          </Badge>
          <Group gap="xs">
            {r.can_take && can("takeSubstitute") ? (
              <Button size="sm" onClick={() => act("take")} loading={step.isPending}>
                {c.take}
              </Button>
            ) : null}
            {r.can_decide && can("approveSubstitute") && can("declineSubstitute") ? (
              <>
                <Button size="sm" color="teal.9" onClick={() => act("approve")} loading={step.isPending}>
                  {c.approve}
                </Button>
                <Button size="sm" variant="default" onClick={() => act("decline")} loading={step.isPending}>
                  {c.decline}
                </Button>
              </>
            ) : null}
            {r.can_cancel ? (
              <Button
                size="sm"
                variant="subtle"
                color="red.9"
                onClick={() => act("cancel")}
                loading={step.isPending}
              >
                {c.cancel}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function MyClasses({ asked }: { asked: Set<number> }) {
  const { timezone } = useAppConfig();
  const classes = useMyUpcomingClasses(true);
  const ask = useAskSubstitute();
  const [note, setNote] = useState("");
  if (!classes.data) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {c.myClasses}
      </Title>
      {classes.data.length === 0 ? <Text c="dimmed">{c.noClasses}</Text> : null}
      {classes.data.length > 0 ? (
        <TextInput
          label={c.note}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
        />
      ) : null}
      {classes.data.map((k) => (
        <Card key={k.single_class_id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap">
            <Text>
              {k.class_type} · {formatDateTime(k.class_date, timezone)}
              {k.location ? ` · ${k.location}` : ""}
            </Text>
            {asked.has(k.single_class_id) ? (
              <Badge color="yellow.4" autoContrast>
                {c.asked}
              </Badge>
            ) : (
              <Button
                size="sm"
                variant="light"
                loading={ask.isPending}
                onClick={() =>
                  ask
                    .mutateAsync({ single_class_id: k.single_class_id, note: note || null })
                    .then((a) => {
                      notifySuccess(a.message);
                      setNote("");
                    })
                    .catch(notifyError)
                }
              >
                {c.ask}
              </Button>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** /admin/suplencias: coaches ask and take; owner and manager approve (decision 0101). */
export function SubstitutesPage() {
  const can = useStaffCan();
  const list = useSubstituteRequests();
  const data = list.data;
  const isCoach = data?.my_instructor_id != null;
  const asked = new Set(
    (data?.requests ?? [])
      .filter((r) => r.requested_by.instructor_id === data?.my_instructor_id && r.status !== "approved")
      .map((r) => r.single_class.single_class_id),
  );
  return (
    <AdminPage title={c.title} loading={list.isPending} error={list.error} onRetry={() => list.refetch()}>
      {data ? (
        <Stack>
          <Text>{c.intro}</Text>
          <Text size="sm" c="dimmed">
            {data.approval_required ? c.approvalOn : c.approvalOff}
          </Text>
          <Title order={2} size="h4">
            {c.requests}
          </Title>
          {data.requests.length === 0 ? <Text c="dimmed">{c.none}</Text> : null}
          {data.requests.map((r) => (
            <RequestCard key={r.substitute_request_id} r={r} />
          ))}
          {isCoach && can("askSubstitute") ? <MyClasses asked={asked} /> : null}
        </Stack>
      ) : null}
    </AdminPage>
  );
}
