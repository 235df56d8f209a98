import { Anchor, Container, Group, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The attendance screen's column, narrow for a phone or tablet at the door, with the way back. */
export function AttendanceFrame({ children }: { children: ReactNode }) {
  return (
    <Container size={760} px={{ base: "sm", sm: "lg" }} py={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Anchor component={Link} to="/admin/reservaciones" fw={600} w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={18} aria-hidden="true" />
            Volver a las clases
          </Group>
        </Anchor>
        {children}
      </Stack>
    </Container>
  );
}
