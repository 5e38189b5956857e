export { Thought, thoughtSeconds } from './Thought.js';
export type { ThoughtProps } from './Thought.js';
export { thoughtMessages } from './messages.js';
export type { ThoughtMessages } from './messages.js';
export { useUntilFound } from '../shared/use-until-found.js';
