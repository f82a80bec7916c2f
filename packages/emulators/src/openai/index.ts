export * from './openai-emulator';
