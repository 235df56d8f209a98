import { Container, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { useClassTypes } from "../api";
import { contentCopy } from "../copy";
import { SectionHeader } from "./section-header";
import classes from "./sections.module.css";

/** The studio's class types (GET /api/class_types); hidden while empty or unavailable. */
export function ClassTypesSection() {
  const { data: types = [] } = useClassTypes();
  if (types.length === 0) return null;
  return (
    <section id="clases" aria-labelledby="class-types-title" className={classes.section}>
      <Container size="lg">
        <SectionHeader
          id="class-types-title"
          title={contentCopy.classTypes}
          subtitle={contentCopy.classTypesSubtitle}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {types.map((type) => (
            <article key={type.class_type_id} className={classes.card}>
              {type.image ? (
                <img
                  src={type.image}
                  alt=""
                  className={classes.cardImage}
                  loading="lazy"
                  decoding="async"
                  width={600}
                  height={400}
                />
              ) : null}
              <div className={classes.cardBody}>
                <Group gap="sm" wrap="nowrap">
                  {type.icon ? <img src={type.icon} alt="" width={28} height={28} loading="lazy" /> : null}
                  <Title order={3} fz="h4">
                    {type.name}
                  </Title>
                </Group>
                {type.description ? (
                  <Text c="dimmed" size="sm" lineClamp={4}>
                    {type.description}
                  </Text>
                ) : null}
              </div>
            </article>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
