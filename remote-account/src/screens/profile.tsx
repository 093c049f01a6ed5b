import { Heading, Stack } from '@kagami/shared/ui';
import { useAccountTranslation } from '../components/use-account-translation';
import { UserInformationSection } from '../features/user-information/user-information-section';
import { BlockedTermsSection } from '../features/team-moderation/blocked-terms';
import { TeamMembersSection } from '../features/team-members/team-members-section';
import { WatermarkSection } from '../features/team-watermark/watermark-setting';
import { ChangeEmailSection } from '../features/change-email/change-email-section';
import { ChangePasswordSection } from '../features/change-password/change-password-section';
import { DataExportSection } from '../features/data-export/data-export-section';
import { DeleteAccountSection } from '../features/delete-account/delete-account-section';

export default function ProfileScreen() {
  const { t } = useAccountTranslation();
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('profile.title')}
      </Heading>
      <UserInformationSection />
      <TeamMembersSection />
      <WatermarkSection />
      <BlockedTermsSection />
      <ChangeEmailSection />
      <ChangePasswordSection />
      <DataExportSection />
      <DeleteAccountSection />
    </Stack>
  );
}
