import { Button, Group, Stack, TagsInput } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useCustomerTags, useSetCustomerTags } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

/** The customer's tags, edited in place; suggestions are the studio's tags in use. */
export function TagsEditor({ customerId, tags }: { customerId: number; tags: string[] }) {
  const all = useCustomerTags();
  const save = useSetCustomerTags(customerId);
  const [value, setValue] = useState(tags);
  const dirty = JSON.stringify(value) !== JSON.stringify(tags);
  return (
    <Stack gap={6}>
      <TagsInput
        label={c.tags}
        description={c.tagsHint}
        value={value}
        onChange={setValue}
        data={(all.data?.tags ?? []).map((t) => t.tag)}
        maxTags={20}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {dirty ? (
        <Group justify="flex-end">
          <Button
            size="compact-sm"
            loading={save.isPending}
            onClick={() =>
              save.mutate(value, {
                onSuccess: (res) => {
                  notifySuccess(res.message);
                  setValue(res.tags);
                },
                onError: notifyError,
              })
            }
          >
            {c.saveTags}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
