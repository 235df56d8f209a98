import { Card, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ClassType } from "../api";

/** 'Nuestras clases': each class type of the studio with its color, icon and description. */
export function ClassTypesList({ classTypes }: { classTypes: ClassType[] }) {
  return (
    <Stack gap="sm" mt="md">
      <Title order={2} fz={22}>
        Nuestras clases
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {classTypes.map((type) => (
          <Card
            key={type.class_type_id}
            withBorder
            radius="md"
            style={{ borderTop: `4px solid ${type.color ?? "var(--mantine-primary-color-filled)"}` }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {type.icon ? <Image src={type.icon} alt="" w={36} h={36} fit="contain" /> : null}
              <Stack gap={2}>
                <Text fw={700}>{type.name}</Text>
                {type.description ? (
                  <Text size="sm" c="dimmed">
                    {type.description}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
