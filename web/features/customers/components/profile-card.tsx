import { Paper } from "@mantine/core";
import { useState } from "react";
import type { Profile } from "../api";
import { ProfileEdit } from "./profile-edit";
import { ProfileView } from "./profile-view";

/**
 * The profile card (docs/product-rules.md#profile): view and edit modes; cancelling reloads the
 * user.
 */
export function ProfileCard({ profile, onReload }: { profile: Profile; onReload: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      {editing ? (
        <ProfileEdit
          profile={profile}
          onDone={() => {
            setEditing(false);
            onReload();
          }}
        />
      ) : (
        <ProfileView profile={profile} onEdit={() => setEditing(true)} />
      )}
    </Paper>
  );
}
