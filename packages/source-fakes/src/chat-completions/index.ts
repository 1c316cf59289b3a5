export { startFakeChatCompletions } from './start-fake-chat-completions';
export { readingReply, replyPieces } from './scripted-replies';
export type {
  ChatFault,
  ChatMessage,
  ChatPrompt,
  ChatProviderProfile,
  ChatRequestLogEntry,
  FakeChatCompletions,
  FakeChatCompletionsOptions,
  ScriptedReply,
} from './fake-chat-types';
