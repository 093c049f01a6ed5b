import { useState } from 'react';
import { useAtom } from 'jotai';
import { paths } from '@kagami/shared/contract';
import { signupEmailAtom, signupPasswordAtom } from '@kagami/shared/session';
import { Heading, HStack, Stack, Text } from '@kagami/shared/ui';
import { GoogleButton } from '../../components/google-button';
import { InvitationNotice } from '../../components/invitation-notice';
import { AppLink } from '../../components/router-link';
import { useAuthTranslation } from '../../components/use-auth-translation';
import { EmailStep } from './email-step';
import { PasswordStep } from './password-step';
import { CodeStep } from './code-step';

type Step = 1 | 2 | 3;

/** SPEC §2 sign-up: e-mail and agreement, password, verification code. The guard then asks for the profile. */
export function SignupFlow() {
  const { t } = useAuthTranslation();
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useAtom(signupEmailAtom);
  const [password, setPassword] = useAtom(signupPasswordAtom);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const titles = { 1: t('signup.emailStep'), 2: t('signup.passwordStep'), 3: t('signup.codeStep') };

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('signup.title')}
      </Heading>
      <InvitationNotice />
      <Stack gap="1">
        <Text color="brand.700" fontSize="sm" fontWeight="semibold">
          {t('signup.stepOf', { step })}
        </Text>
        <Heading size="md" as="h2">
          {titles[step]}
        </Heading>
      </Stack>
      {step === 1 && (
        <>
          <EmailStep
            email={email}
            onDone={(value) => {
              setEmail(value);
              setStep(2);
            }}
          />
          <GoogleButton mode="signup" />
        </>
      )}
      {step === 2 && (
        <PasswordStep
          email={email}
          onBack={() => setStep(1)}
          onDone={(value, wait) => {
            setPassword(value);
            setWaitSeconds(wait);
            setStep(3);
          }}
        />
      )}
      {step === 3 && <CodeStep email={email} password={password} waitSeconds={waitSeconds} onBack={() => setStep(1)} />}
      <HStack gap="2">
        <Text color="gray.600">{t('signup.haveAccount')}</Text>
        <AppLink to={paths.login()}>{t('signup.login')}</AppLink>
      </HStack>
    </Stack>
  );
}
