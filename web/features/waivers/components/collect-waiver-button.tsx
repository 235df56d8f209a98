import { Badge, Button, Group, Modal } from "@mantine/core";
import { useState } from "react";
import { notifySuccess } from "../../../components/admin/notify";
import { useStaffCan } from "../../../lib/staff-permissions";
import { useCollectWaiver, useCustomerWaiver } from "../api";
import { waiversCopy as c } from "../copy";
import { SignWaiverForm } from "./sign-waiver-form";

/**
 * The desk's view of a customer's waiver: the state badge and, while unsigned, the tablet signing
 * (the desk hands the tablet over; the signature records who collected it).
 */
export function CollectWaiverButton({
  customerId,
  customerName,
}: {
  customerId: number;
  customerName: string;
}) {
  const can = useStaffCan();
  const [open, setOpen] = useState(false);
  const status = useCustomerWaiver(customerId, can("collectWaiver"));
  const collect = useCollectWaiver(customerId);
  const data = status.data;
  if (!can("collectWaiver") || !data || data.state === "not_required") return null;
  return (
    <Group gap="xs">
      <Badge
        color={data.state === "signed" ? "teal.9" : "red.9"}
        autoContrast
        variant="filled"
        data-testid="waiver-state"
      >
        {c.deskState[data.state]}
      </Badge>
      {data.state !== "signed" && data.waiver ? (
        <Button size="sm" variant="light" onClick={() => setOpen(true)}>
          {c.collect}
        </Button>
      ) : null}
      {data.waiver ? (
        <Modal
          opened={open}
          onClose={() => setOpen(false)}
          title={c.collectTitle}
          size="lg"
          fullScreen={false}
        >
          <SignWaiverForm
            waiver={data.waiver}
            defaultName={customerName}
            submitting={collect.isPending}
            onSign={async (body) => {
              notifySuccess((await collect.mutateAsync(body)).message);
              setOpen(false);
            }}
          />
        </Modal>
      ) : null}
    </Group>
  );
}
