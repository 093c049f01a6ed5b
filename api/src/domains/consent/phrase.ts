// The consent phrase: what the person reads on camera, naming them and carrying a one-time code.
import { randomInt } from 'node:crypto';
import type { ContentLanguage } from '@kagami/shared/validation';

/** Four digits 1-9, none repeated: a recogniser hears "nine nine" as one nine more often than a code of distinct digits. */
export function newCode() {
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return Array.from({ length: 4 }, () => digits.splice(randomInt(digits.length), 1)[0]!).join('');
}

/** The code as it is shown and read: digit by digit. */
const spoken = (code: string) => code.split('').join(' ');

const TEMPLATES: Record<ContentLanguage, (name: string, code: string) => string> = {
  en: (name, code) => `I am ${name}, and I agree that Kagami may make an avatar of my face and voice. My code is ${code}.`,
  zh: (name, code) => `我是${name}，我同意 Kagami 用我的面孔和声音制作数字人。我的验证码是 ${code}。`,
  ja: (name, code) => `私は${name}です。Kagami が私の顔と声からアバターを作ることに同意します。コードは ${code} です。`,
  de: (name, code) =>
    `Ich bin ${name} und bin einverstanden, dass Kagami einen Avatar aus meinem Gesicht und meiner Stimme erstellt. Mein Code ist ${code}.`,
  fr: (name, code) => `Je suis ${name} et j'accepte que Kagami crée un avatar de mon visage et de ma voix. Mon code est ${code}.`,
  es: (name, code) => `Soy ${name} y acepto que Kagami cree un avatar con mi cara y mi voz. Mi código es ${code}.`,
  ko: (name, code) => `제 이름은 ${name}입니다. Kagami가 제 얼굴과 목소리로 아바타를 만드는 것에 동의합니다. 제 코드는 ${code}입니다.`,
  ar: (name, code) => `أنا ${name}، وأوافق على أن تصنع Kagami صورة رمزية من وجهي وصوتي. رمزي هو ${code}.`,
  ru: (name, code) => `Я, ${name}, даю согласие на то, чтобы Kagami создал аватар по моему лицу и голосу. Мой код: ${code}.`,
  nl: (name, code) => `Ik ben ${name} en ik ga ermee akkoord dat Kagami een avatar maakt van mijn gezicht en stem. Mijn code is ${code}.`,
  it: (name, code) => `Sono ${name} e acconsento che Kagami crei un avatar del mio volto e della mia voce. Il mio codice è ${code}.`,
  pl: (name, code) => `Nazywam się ${name} i zgadzam się, aby Kagami utworzyło awatara z mojej twarzy i głosu. Mój kod to ${code}.`,
  pt: (name, code) => `Eu sou ${name} e concordo que a Kagami crie um avatar do meu rosto e da minha voz. O meu código é ${code}.`,
};

export const consentPhrase = (language: ContentLanguage, name: string, code: string) => TEMPLATES[language](name, spoken(code));

/** The English phrase's own words (its name left out): what the recogniser listens for around the code. */
export const ENGLISH_PHRASE_WORDS = TEMPLATES.en('', '')
  .toLowerCase()
  .split(/[^a-z']+/)
  .filter(Boolean);
