/** A speech provider's name as people know it (`elevenlabs` → ElevenLabs). */
export const providerName = (engine: string) => ({ openai: 'OpenAI', elevenlabs: 'ElevenLabs' })[engine] ?? engine;
