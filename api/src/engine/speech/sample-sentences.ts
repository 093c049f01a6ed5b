// The sentence a new voice model speaks as its sample, one for each content language.
import type { ContentLanguage } from '@kagami/shared/validation';

/** What a new voice model says as its sample, in the voice's language. */
export const SAMPLE_SENTENCES: Record<ContentLanguage, string> = {
  en: 'Hello! This is my new voice. I can read any script you write for me.',
  zh: '你好！这是我的新声音。我可以朗读你为我写的任何脚本。',
  ja: 'こんにちは。これは私の新しい声です。あなたが書いた原稿を何でも読み上げます。',
  de: 'Hallo! Das ist meine neue Stimme. Ich kann jedes Skript vorlesen, das du für mich schreibst.',
  fr: 'Bonjour ! Voici ma nouvelle voix. Je peux lire tous les textes que vous écrivez pour moi.',
  es: '¡Hola! Esta es mi nueva voz. Puedo leer cualquier guion que escribas para mí.',
  ko: '안녕하세요! 이것은 저의 새로운 목소리입니다. 당신이 쓴 어떤 대본이든 읽을 수 있습니다.',
  ar: 'مرحبا! هذا صوتي الجديد. يمكنني قراءة أي نص تكتبه لي.',
  ru: 'Привет! Это мой новый голос. Я могу прочитать любой текст, который вы для меня напишете.',
  nl: 'Hallo! Dit is mijn nieuwe stem. Ik kan elk script voorlezen dat je voor me schrijft.',
  it: 'Ciao! Questa è la mia nuova voce. Posso leggere qualsiasi testo che scrivi per me.',
  pl: 'Cześć! To jest mój nowy głos. Mogę przeczytać każdy tekst, który dla mnie napiszesz.',
  pt: 'Olá! Esta é a minha nova voz. Posso ler qualquer roteiro que você escrever para mim.',
};
