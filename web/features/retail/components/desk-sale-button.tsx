import { Button } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import { useState } from "react";
import { retailCopy as c } from "../copy";
import { DeskSaleModal } from "./desk-sale-modal";

/** "Vender productos": opens the counter sale (the desk may sell: POST /api/retail/sales is DESK). */
export function DeskSaleButton({ variant = "light" }: { variant?: "light" | "filled" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size="md"
        leftSection={<IconShoppingBag size={20} aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {c.sell}
      </Button>
      <DeskSaleModal opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
