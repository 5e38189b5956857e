export { ProtocolInspector } from './ProtocolInspector.js';
export type { ProtocolInspectorProps } from './ProtocolInspectorLoaded.js';
export { describeFrame } from './describe-frame.js';
