import { Button, Group, Modal, SimpleGrid, Stack } from "@mantine/core";
import { catalogueCopy } from "../copy";
import type { FieldDef } from "../fields";
import type { CatalogueDef } from "./catalogue-page";
import { FieldInput } from "./field-input";
import type { CatalogueEditor } from "./use-catalogue-editor";

/** Consecutive "half" fields share a row on wide screens; the rest take the full width. */
function fieldRows(fields: FieldDef[], values: Record<string, unknown>): [FieldDef, ...FieldDef[]][] {
  const groups: [FieldDef, ...FieldDef[]][] = [];
  for (const f of fields.filter((f) => !f.shownWith || Boolean(values[f.shownWith]))) {
    const last = groups.at(-1);
    if (f.half && last?.[0].half) last.push(f);
    else groups.push([f]);
  }
  return groups;
}

/** The catalogue's form for a new row or the one being edited. */
export function CatalogueFormModal({ def, editor }: { def: CatalogueDef; editor: CatalogueEditor }) {
  const { editing } = editor;
  const field = (f: FieldDef) => (
    <FieldInput
      key={f.key}
      field={f}
      value={editing?.values[f.key]}
      error={editor.errors[f.key]}
      onChange={(v) => editor.setValue(f.key, v)}
    />
  );
  return (
    <Modal
      opened={editing !== null}
      onClose={editor.close}
      title={editing?.row ? def.nameOf(editing.row) : def.newTitle}
      size={def.modalSize ?? "lg"}
      radius="md"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          editor.submit();
        }}
      >
        <Stack gap="sm">
          {fieldRows(def.fields, editing?.values ?? {}).map((group) =>
            group[0].half ? (
              <SimpleGrid key={group[0].key} cols={{ base: 1, sm: 2 }} spacing="sm">
                {group.map(field)}
              </SimpleGrid>
            ) : (
              field(group[0])
            ),
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={editor.close}>
              {catalogueCopy.cancel}
            </Button>
            <Button type="submit" loading={editor.saving}>
              {catalogueCopy.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
