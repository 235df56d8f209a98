import { Alert, Container, Loader, Stack, Title } from "@mantine/core";
import { usePageTitle } from "../../../lib/use-page-title";
import { FiscalDataCard } from "../../fiscal/public";
import { MessagingCard } from "../../messaging/public";
import { useCustomerFields, useFieldValues, useProfile } from "../api";
import { AccountSecurityCard } from "../components/account-security-card";
import { AddressCard } from "../components/address-card";
import { ExtraFieldsCard } from "../components/extra-fields-card";
import { ProfileCard } from "../components/profile-card";
import { YourDataCard } from "../components/your-data-card";
import { customersCopy as c } from "../copy";

/**
 * /mystudio/informacion: profile card, email and password, messages by WhatsApp, SMS and push
 * (docs/product-rules.md#messaging-consent), billing address and the configured profile form, and
 * "Tus datos" (download them, ask to close the account).
 */
export function ProfilePage() {
  usePageTitle(c.title);
  const profile = useProfile();
  const fields = useCustomerFields();
  const values = useFieldValues();
  return (
    <Container size="md" py={{ base: "lg", sm: 40 }} w="100%">
      <Stack gap="lg">
        <Title order={1}>{c.title}</Title>
        {profile.isPending ? <Loader /> : null}
        {profile.error ? <Alert color="red">{profile.error.message}</Alert> : null}
        {profile.data ? (
          <>
            <ProfileCard profile={profile.data} onReload={() => void profile.refetch()} />
            <AccountSecurityCard email={profile.data.email} />
            <MessagingCard />
            <AddressCard key={profile.data.address?.address_id ?? "new"} address={profile.data.address} />
            <FiscalDataCard />
            {fields.data && values.data ? (
              <ExtraFieldsCard fields={fields.data} values={values.data.values} />
            ) : null}
            <YourDataCard />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
