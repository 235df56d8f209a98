import { Badge, Button, Card } from "@mantine/core";
import { IconClock, IconMapPin } from "@tabler/icons-react";
import type { ClassCardState } from "../../domain/booking";
import { formatTime, spotsLabel } from "../../domain/format";
import { readableTextOn } from "../lib/color";
import classes from "./class-card.module.css";

const actionClasses = { root: classes.action, label: classes.actionLabel };

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
  timeZone: string;
  waitlistEnabled: boolean;
  onReserve: () => void;
  onCancel: () => void;
  onBuy: () => void;
  onWaitlist: () => void;
}

/**
 * One class in the calendar (seed 000 §4 "Class card state"): type, location, time, coaches,
 * seats badge, tags and the one action its state allows. The layout is plain elements with a CSS
 * module, not Mantine's Stack/Group/Text: a large studio's week shows dozens of cards at once and
 * those wrappers were most of their render time. Badges and buttons stay Mantine's (theme colours
 * with guaranteed contrast).
 */
export function ClassCard({
  data,
  state,
  timeZone,
  waitlistEnabled,
  onReserve,
  onCancel,
  onBuy,
  onWaitlist,
}: ClassCardProps) {
  const reserved = state === "reserved";
  const accent = data.class_type.color ?? "var(--mantine-primary-color-filled)";
  const seats = data.my_reservation?.guest ? 2 : 1;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="class-card"
      data-state={state}
      className={classes.card}
      style={{
        borderLeft: `4px solid ${accent}`,
        background: reserved ? "var(--mantine-primary-color-light)" : undefined,
      }}
    >
      <div className={classes.body}>
        <div className={classes.head}>
          {data.class_type.icon ? <img src={data.class_type.icon} alt="" className={classes.icon} /> : null}
          <div className={classes.titles}>
            <span className={classes.name}>{data.class_type.name}</span>
            {data.description ? <span className={classes.description}>{data.description}</span> : null}
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
            <Badge key={instructor.instructor_id} variant="light" color="gray" size="sm" tt="none">
              {instructor.nick_name || instructor.name}
            </Badge>
          ))}
        </div>
        <div className={classes.badges}>
          {state === "full" ? (
            <Badge color="red" size="sm">
              Sold Out
            </Badge>
          ) : state !== "package" ? (
            <Badge color="green" variant="light" size="sm" tt="none">
              {spotsLabel(data.available)}
            </Badge>
          ) : null}
          {data.tags.map((tag) => (
            <Badge
              key={tag.tag_id}
              size="sm"
              variant="filled"
              tt="none"
              color={tag.color ?? "gray"}
              c={tag.color?.startsWith("#") ? readableTextOn(tag.color) : undefined}
            >
              {tag.name}
            </Badge>
          ))}
        </div>
        <CardAction
          state={state}
          seats={seats}
          waitlistEnabled={waitlistEnabled}
          onReserve={onReserve}
          onCancel={onCancel}
          onBuy={onBuy}
          onWaitlist={onWaitlist}
        />
      </div>
    </Card>
  );
}

function CardAction({
  state,
  seats,
  waitlistEnabled,
  onReserve,
  onCancel,
  onBuy,
  onWaitlist,
}: Pick<ClassCardProps, "state" | "waitlistEnabled" | "onReserve" | "onCancel" | "onBuy" | "onWaitlist"> & {
  seats: number;
}) {
  switch (state) {
    case "reserved":
      return (
        <div className={classes.reserved}>
          <Badge variant="filled" size="sm" tt="none">
            Reservada ({seats})
          </Badge>
          <Button size="compact-xs" variant="light" color="red" onClick={onCancel}>
            Cancelar
          </Button>
        </div>
      );
    case "package":
      return (
        <Button size="xs" fullWidth classNames={actionClasses} onClick={onBuy}>
          Comprar
        </Button>
      );
    case "full":
      return waitlistEnabled ? (
        <Button size="xs" variant="light" fullWidth classNames={actionClasses} onClick={onWaitlist}>
          Lista de espera
        </Button>
      ) : null;
    case "bookable":
      return (
        <Button size="xs" fullWidth classNames={actionClasses} onClick={onReserve}>
          Reservar
        </Button>
      );
    default:
      return null;
  }
}
