import { useMantineTheme } from "@mantine/core";
import { IconClock, IconMapPin } from "@tabler/icons-react";
import type { ClassCardState } from "../../domain/booking";
import { formatTime, spotsLabel } from "../../domain/format";
import { readableTextOn } from "../lib/color";
import classes from "./class-card.module.css";
import { CardAction } from "./class-card-action";
import { ClassCardBadge as Badge } from "./class-card-badge";

export interface ClassCardData {
  class_date: string;
  duration_minutes: number;
  description: string | null;
  class_type: { name: string; icon: string | null; color: string | null };
  location: { name: string } | null;
  class_instructors: { instructor: { instructor_id: number; name: string; nick_name: string | null } }[];
  tags: { tag_id: number; name: string; color: string | null }[];
  available: number;
  my_reservation: { guest: unknown } | null;
}

export interface ClassCardProps {
  data: ClassCardData;
  state: ClassCardState;
  /**
   * Whether 'Cancelar' is offered on my reservation: domain/booking.ts cancelOption, the rule Mis
   * Reservaciones uses too, so both always agree (its modal explains a refusal inside the window).
   */
  cancelOffered: boolean;
  /**
   * The button that opens my reservation for a change ('Cambiar lugar', or 'Editar invitado'
   * without a spot map), or null while nothing may be changed any more.
   */
  changeLabel: string | null;
  timeZone: string;
  waitlistEnabled: boolean;
  onReserve: () => void;
  onCancel: () => void;
  onChange: () => void;
  onBuy: () => void;
  onWaitlist: () => void;
}

/**
 * One class in the calendar (docs/product-rules.md#class-card): type, location, time, coaches,
 * seats badge, tags and the one action its state allows.
 *
 * Plain elements and a CSS module, not Mantine components: a week shows dozens of cards and a
 * phone hydrates them while the page loads, and Mantine's per-component work (props, style props,
 * CSS variables) was most of their render time. The badges and buttons keep Mantine's look and
 * its colour rules: their colours come from the theme's resolver (variant-colors.ts).
 */
export function ClassCard({
  data,
  state,
  cancelOffered,
  changeLabel,
  timeZone,
  waitlistEnabled,
  onReserve,
  onCancel,
  onChange,
  onBuy,
  onWaitlist,
}: ClassCardProps) {
  const theme = useMantineTheme();
  const reserved = state === "reserved";
  const accent = data.class_type.color ?? "var(--mantine-primary-color-filled)";
  const seats = data.my_reservation?.guest ? 2 : 1;
  return (
    <div
      data-testid="class-card"
      data-state={state}
      className={classes.card}
      style={{
        borderLeft: `4px solid ${accent}`,
        // A class that has started is set apart by its background (dimming it would make its
        // text fail contrast) and its 'Finalizada' badge.
        background: reserved
          ? "var(--mantine-primary-color-light)"
          : state === "past"
            ? "var(--mantine-color-gray-1)"
            : undefined,
      }}
    >
      <div className={classes.head}>
        {data.class_type.icon ? <img src={data.class_type.icon} alt="" className={classes.icon} /> : null}
        <div className={classes.titles}>
          <span className={classes.name}>{data.class_type.name}</span>
          {/* Up to four lines in a laptop's narrow day column; a longer text says itself in full on
              hover (title), so no word that matters is cut for good. */}
          {data.description ? (
            <span className={classes.description} title={data.description}>
              {data.description}
            </span>
          ) : null}
        </div>
      </div>
      <div className={classes.meta}>
        <IconClock size={14} aria-hidden />
        <span>
          {formatTime(data.class_date, timeZone)} · {data.duration_minutes} min
        </span>
      </div>
      {data.location ? (
        <div className={classes.meta}>
          <IconMapPin size={14} aria-hidden />
          <span>{data.location.name}</span>
        </div>
      ) : null}
      <div className={classes.badges}>
        {data.class_instructors.map(({ instructor }) => (
          // A coach's name wraps instead of being cut ("Valeria Sán…" in a laptop's day column).
          <Badge key={instructor.instructor_id} theme={theme} color="gray" variant="light" wrap>
            {instructor.nick_name || instructor.name}
          </Badge>
        ))}
      </div>
      <div className={classes.badges}>
        {state === "past" ? (
          <Badge theme={theme} color="gray" variant="light">
            Finalizada
          </Badge>
        ) : state === "package" ? null : data.available <= 0 ? (
          // Full says so on every card, mine included: never a green "0 lugares".
          <Badge theme={theme} color="red" variant="filled" uppercase>
            Sold Out
          </Badge>
        ) : (
          <Badge theme={theme} color="green" variant="light">
            {spotsLabel(data.available)}
          </Badge>
        )}
        {data.tags.map((tag) => (
          <Badge
            key={tag.tag_id}
            theme={theme}
            color={tag.color ?? "gray"}
            variant="filled"
            textColor={tag.color?.startsWith("#") ? readableTextOn(tag.color) : undefined}
          >
            {tag.name}
          </Badge>
        ))}
      </div>
      <CardAction
        theme={theme}
        state={state}
        seats={seats}
        cancelOffered={cancelOffered}
        changeLabel={changeLabel}
        waitlistEnabled={waitlistEnabled}
        onReserve={onReserve}
        onCancel={onCancel}
        onChange={onChange}
        onBuy={onBuy}
        onWaitlist={onWaitlist}
      />
    </div>
  );
}
