import { Alert, List, Stack, Text } from "@mantine/core";
import type { ChangeImpact } from "../api";
import { scheduleCopy as c } from "../copy";

/**
 * What a change reaches before it is saved (decision 0100): how many classes, who is told by name,
 * and the classes a smaller capacity does not fit (the save would refuse them all).
 */
export function ChangePreview({ impact }: { impact: ChangeImpact }) {
  const hidden = impact.people - impact.names.length;
  return (
    <Stack gap="xs" data-testid="change-preview">
      <Text fw={600}>{c.previewClasses(impact.classes)}</Text>
      {impact.people === 0 ? (
        <Text c="dimmed">{c.previewNobody}</Text>
      ) : (
        <div>
          <Text size="sm" fw={500}>
            {c.previewNames}
          </Text>
          <List size="sm" spacing={2}>
            {impact.names.map((name, i) => (
              // Two people may share a name: the position keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: names are a static, sorted list
              <List.Item key={`${name}-${i}`}>{name}</List.Item>
            ))}
          </List>
          {hidden > 0 ? (
            <Text size="sm" c="dimmed">
              {c.previewMore(hidden)}
            </Text>
          ) : null}
        </div>
      )}
      {impact.capacity_conflicts.length > 0 ? (
        <Alert color="red" role="alert">
          <Text size="sm">{c.previewConflicts}</Text>
          <List size="sm">
            {impact.capacity_conflicts.map((k) => (
              <List.Item key={k.single_class_id}>{c.previewConflict(k.label, k.reserved)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
