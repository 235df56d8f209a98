import { Button, Group, Modal, Rating, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";

/** 'Calificar Clase': 1-5 for the class, 1-5 for the coach; the comment appears after a coach rating. */
export function RateModal({
  opened,
  loading,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onSubmit: (value: { class_stars: number; coach_stars: number | null; comment: string | null }) => void;
}) {
  const [classStars, setClassStars] = useState(0);
  const [coachStars, setCoachStars] = useState(0);
  const [comment, setComment] = useState("");
  return (
    <Modal opened={opened} onClose={onClose} title="Calificar Clase" centered radius="lg">
      <Stack>
        <Stack gap={4}>
          <Text fw={600}>Clase</Text>
          <Rating
            value={classStars}
            onChange={setClassStars}
            size="lg"
            aria-label="Calificación de la clase"
          />
        </Stack>
        <Stack gap={4}>
          <Text fw={600}>Coach</Text>
          <Rating value={coachStars} onChange={setCoachStars} size="lg" aria-label="Calificación del coach" />
        </Stack>
        {coachStars > 0 ? (
          <Textarea
            label="Comentario (opcional)"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            disabled={classStars === 0}
            loading={loading}
            onClick={() =>
              onSubmit({
                class_stars: classStars,
                coach_stars: coachStars || null,
                comment: coachStars && comment.trim() ? comment.trim() : null,
              })
            }
          >
            Calificar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
