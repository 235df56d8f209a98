import { Group, Radio, Stack } from "@mantine/core";
import { CHANGE_SCOPE_LABEL, CHANGE_SCOPES, type ChangeScope } from "../../../../domain/class-changes";
import { scheduleCopy as c } from "../copy";

/** Which classes of a series a change or a cancellation reaches (this one, following, all). */
export function ChangeScopeRadio({
  value,
  onChange,
  stacked = false,
}: {
  value: ChangeScope;
  onChange: (scope: ChangeScope) => void;
  /** One under another (inside a confirmation) instead of side by side. */
  stacked?: boolean;
}) {
  const Lines = stacked ? Stack : Group;
  return (
    <Radio.Group label={c.scope} value={value} onChange={(v) => onChange(v as ChangeScope)}>
      <Lines gap={stacked ? 6 : "md"} mt={4}>
        {CHANGE_SCOPES.map((scope) => (
          <Radio key={scope} value={scope} label={CHANGE_SCOPE_LABEL[scope]} />
        ))}
      </Lines>
    </Radio.Group>
  );
}
